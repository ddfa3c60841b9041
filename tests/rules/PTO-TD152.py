# rule: PTO-TD152
# line: 13
# message: pl.tile operation 'read': tile.read index element 0 must have integer dtype, but got fp32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], f: pl.Scalar[pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.read(t, [f, 0])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], f: pl.Scalar[pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.read(t, [0, 0])
