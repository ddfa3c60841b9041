# rule: PTO-TD109
# line: 15
# message: Var 'r' has invalid TileType valid_shape rank mismatch: got rank 1 [64], but physical shape has rank 2 [64, 64]
# also: Call result has invalid TileType valid_shape rank mismatch: got rank 1 [64], but physical shape has rank 2 [64, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0], [64])
        u = pl.load(b, [0, 0], [64, 64])
        r = pl.tile.mul(t, u)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0], [64])
        u = pl.load(b, [0, 0], [64, 64])
        r = pl.tile.mul(u, t)
