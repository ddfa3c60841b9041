# rule: PTO-FT7
# line: 15
# message: FlattenTileNdTo2D: only last-two-axes tile.transpose on >2D tiles is supported; transpose involving a batch axis (axes 0, 1 of rank 3) is not yet lowered. Reshape the tile so the transposed axes are the last two.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.program
class Nd:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[2, 16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 2, 16], pl.FP32]]) -> pl.Tensor[[16, 2, 16], pl.FP32]:
        t3 = pl.load(x, [0, 0, 0], [2, 16, 16])
        out = pl.store(pl.transpose(t3, 0, 1), [0, 0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[2, 16, 16], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 16], pl.FP32]]) -> pl.Tensor[[2, 16, 16], pl.FP32]:
        t3 = pl.load(x, [0, 0, 0], [2, 16, 16])
        out = pl.store(pl.transpose(t3, 1, 2), [0, 0, 0], out)
        return out
