# rule: PTO-FT25
# line: 12
# message: FlattenTileNdTo2D: tile op 'tile.load' has a dynamic (non-constant) dimension 0 in its >2D tile shape, which cannot be flattened to 2D. Hardware tiles map to fixed-size on-chip buffers, so every tile dimension must be a compile-time constant; a pl.dynamic dimension has no static bound and cannot back a tile dimension directly. Fix by either: (1) iterating/tiling the dynamic dimension with pl.range/pl.parallel so each per-iteration tile slice is static, or (2) reshaping the tensor to 2D before the InCore (pl.at) scope so the dynamic extent lands on the pl.parallel loop bound instead of inside the tile shape.
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[4, 16, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[4, 16, 64], pl.FP32]]) -> pl.Tensor[[4, 16, 64], pl.FP32]:
        t = pl.load(x, [0, 0, 0], [n, 16, 64])
        out = pl.store(t, [0, 0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[4, 16, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[4, 16, 64], pl.FP32]]) -> pl.Tensor[[4, 16, 64], pl.FP32]:
        for i in pl.range(n):
            t = pl.load(x, [i, 0, 0], [1, 16, 64])
            out = pl.store(t, [i, 0, 0], out)
        return out
