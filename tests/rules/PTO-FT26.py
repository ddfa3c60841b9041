# rule: PTO-FT26
# line: 14
# message: FlattenTileNdTo2D: found a dynamic (non-constant) dimension in tile.batch_matmul lhs dim 1, but flattening >2D tiles to 2D (and unrolling batched matmul) requires every tile dimension to be a compile-time constant. A pl.dynamic dimension has no static bound and cannot back a tile dimension directly. Tile/iterate the dynamic dimension with pl.range/pl.parallel, or reshape to 2D before the InCore (pl.at) scope so the dynamic extent lands on the pl.parallel loop bound instead of inside the tile shape.
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[2, 64, 64], pl.FP16], k: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[2, 64, 64], pl.FP32]]) -> pl.Tensor[[2, 64, 64], pl.FP32]:
        a = pl.load(x, [0, 0], [64, k], target_memory=pl.Mem.Mat)
        wt = pl.load(w, [0, 0, 0], [2, 64, 64], target_memory=pl.Mem.Mat)
        r = pl.batch_matmul(a, wt)
        out = pl.store(r, [0, 0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[2, 64, 64], pl.FP16], k: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[2, 64, 64], pl.FP32]]) -> pl.Tensor[[2, 64, 64], pl.FP32]:
        a = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        wt = pl.load(w, [0, 0, 0], [2, 64, 64], target_memory=pl.Mem.Mat)
        r = pl.batch_matmul(a, wt)
        out = pl.store(r, [0, 0, 0], out)
        return out
