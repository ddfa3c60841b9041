# rule: PTO-E8
# line: 19
# message: Cannot preserve pl.no_dep on non-variable argument 0 of Group member 'vec' while normalizing its shared ABI
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

D = 16


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], b: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        self.vec(pl.no_dep(a[0:D, 0:D]), out)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], b: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        self.vec(pl.no_dep(a), out)
