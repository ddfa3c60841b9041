# rule: PTO-SP9
# line: 17
# message: Group 'pair' member 'vec' returns a device-computed scalar; the kernel-return contract requires an explicit Tensor output
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

D = 16


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Scalar[pl.FP32]:
        s = pl.tensor.read(a, [0, 0])
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        out = pl.store(pl.mul(t, s), [0, 0], out)
        return s

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        self.vec(a, out)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        s = pl.tensor.read(a, [0, 0])
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        out = pl.store(pl.mul(t, s), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        self.vec(a, out)
