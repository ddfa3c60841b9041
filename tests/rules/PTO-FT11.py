# rule: PTO-FT11
# line: 14
# message: FlattenTileNdTo2D: tile.assemble into a 3D tile has a rank-2 source [16, 64]. Reshape the source to the target rank (pl.tile.reshape) before assembling.
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[2, 16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t = pl.load(x, [0, 0, 0], [2, 16, 64])
        s = pl.load(y, [0, 0], [16, 64])
        t2 = pl.tile.assemble(t, s, [1, 0, 0])
        out = pl.store(t2, [0, 0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[2, 16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t = pl.load(x, [0, 0, 0], [2, 16, 64])
        s = pl.tile.reshape(pl.load(y, [0, 0], [16, 64]), [1, 16, 64])
        t2 = pl.tile.assemble(t, s, [1, 0, 0])
        out = pl.store(t2, [0, 0, 0], out)
        return out
