# rule: PTO-TD151
# line: 13
# message: pl.tile operation 'store': The operator tile.store requires shapes and offsets to have the same number of dimensions, but got 1 shapes and 2 offsets
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], f: pl.Scalar[pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.store(t, [0, 0], y, [64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], f: pl.Scalar[pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.store(t, [0, 0], y, [64, 64])
