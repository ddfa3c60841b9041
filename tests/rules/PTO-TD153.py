# rule: PTO-TD153
# line: 13
# message: pl.tile operation 'load': offsets and shapes must have at least one dimension
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], f: pl.Scalar[pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.load(x, [], [])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], f: pl.Scalar[pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.load(x, [0, 0], [64, 64])
