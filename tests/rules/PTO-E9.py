# rule: PTO-E9
# line: 22
# message: Mixed Group 'pair' has AIC/AIV members with different argument layouts. External or runtime-bound members cannot be adapted; declare both members with the same signature and forward the Group's full parameter list.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

D = 16


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIC, attrs={"external_source": "PTO-E9.py"})
    def cube(self, a: pl.Tensor[[D, D], pl.FP32]):
        pass

    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        self.cube(a)
        self.vec(a, out)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIC, attrs={"external_source": "PTO-E9.py"})
    def cube(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        pass

    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        self.cube(a, out)
        self.vec(a, out)
