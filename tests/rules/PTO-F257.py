# rule: PTO-F257
# line: 15
# message: Dtype variable 'DT' must be a DataType, got int
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

DT = 3
DT_OK = pl.FP32


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        u: pl.Tensor[[64, 64], DT] = x
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(u, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        u: pl.Tensor[[64, 64], DT_OK] = x
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(u, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y
