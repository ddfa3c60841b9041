# rule: PTO-F318
# line: 15
# message: Shape dimension 'M > 2' must be integer-typed, got pl.Scalar[pl.BOOL]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

M = pl.dynamic("M")


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        u: pl.Tensor[[M > 2, 64], pl.FP32] = pl.slice(x, [64, 64], [0, 0])
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        u: pl.Tensor[[M * 2, 64], pl.FP32] = pl.slice(x, [64, 64], [0, 0])
        y = pl.store(t, [0, 0], y)
        return y
