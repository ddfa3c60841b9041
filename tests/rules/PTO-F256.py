# rule: PTO-F256
# line: 15
# message: Shape variable 'N' must be int or pl.dynamic(), got float
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

N = 64.0
N_OK = 64


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        u: pl.Tensor[[64, N], pl.FP32] = x
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(u, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        u: pl.Tensor[[64, N_OK], pl.FP32] = x
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(u, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y
