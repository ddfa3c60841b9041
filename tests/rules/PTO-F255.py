# rule: PTO-F255
# line: 15
# message: Shape 'S' element 1 must be int or pl.dynamic(), got str
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

S = [64, "64"]
S_OK = [64, 64]


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        u: pl.Tensor[S, pl.FP32] = x
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(u, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        u: pl.Tensor[S_OK, pl.FP32] = x
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(u, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y
