# rule: PTO-FT13
# line: 13
# message: FlattenTileNdTo2D: integer overflow when computing merged dimension in tile.full (merged=4294967296, dim=4294967296)
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[2, 16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t = pl.load(x, [0, 0, 0], [2, 16, 64])
        s = pl.tile.full([4294967296, 4294967296, 16], dtype=pl.FP32, value=0.0)
        out = pl.store(t, [0, 0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[2, 16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t = pl.load(x, [0, 0, 0], [2, 16, 64])
        s = pl.tile.full([4294967296, 2, 16], dtype=pl.FP32, value=0.0)
        out = pl.store(t, [0, 0, 0], out)
        return out
