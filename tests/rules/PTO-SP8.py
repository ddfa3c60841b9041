# rule: PTO-SP8
# line: 16
# message: Group 'pair' member 'vec' returns result 0 with no caller-visible carrier; views and slices are not complete-parameter aliases
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

D = 16


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[8, D], pl.FP32]:
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        out = pl.store(t, [0, 0], out)
        return out[0:8, :]

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[8, D], pl.FP32]:
        r = self.vec(a, out)
        return r


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        out = pl.store(t, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        r = self.vec(a, out)
        return r
