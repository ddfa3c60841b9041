# rule: PTO-FT12
# line: 14
# message: FlattenTileNdTo2D: tile.assemble writes a [2, 8, 64] region into a [2, 16, 64] tile, which does not collapse to a contiguous row band when the tile is flattened to 2D (hardware tiles are always 2D). Every dimension below the outermost partial one must be written in full. Fix by looping over the outer dimension and assembling one contiguous page per iteration.
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[2, 16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t = pl.load(x, [0, 0, 0], [2, 16, 64])
        s = pl.load(x, [0, 0, 0], [2, 8, 64])
        t2 = pl.tile.assemble(t, s, [0, 0, 0])
        out = pl.store(t2, [0, 0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[2, 16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t = pl.load(x, [0, 0, 0], [2, 16, 64])
        s = pl.load(x, [0, 0, 0], [1, 16, 64])
        t2 = pl.tile.assemble(t, s, [1, 0, 0])
        out = pl.store(t2, [0, 0, 0], out)
        return out
