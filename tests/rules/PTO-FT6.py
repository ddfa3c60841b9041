# rule: PTO-FT6
# line: 15
# message: FlattenTileNdTo2D: tile.read is not supported on >2D tiles
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.program
class Nd:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[2, 16, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t3 = pl.load(x, [0, 0, 0], [2, 16, 64])
        v = pl.tile.read(t3, [0, 0, 0])
        out = pl.store(pl.add(t3, v), [0, 0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[2, 16, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t3 = pl.load(x, [0, 0, 0], [2, 16, 64])
        v = pl.read(x, [0, 0, 0])
        out = pl.store(pl.add(t3, v), [0, 0, 0], out)
        return out
