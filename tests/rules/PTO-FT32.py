# rule: PTO-FT32
# line: 15
# message: FlattenTileNdTo2D: dimension 0 must be positive in tile.batch_matmul output batch size, got 0
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[1, 64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        rows = pl.load(x, [0, 0], [0, 64], target_memory=pl.Mem.Mat)
        a = pl.reshape(rows, [0, 1, 64])
        wt = pl.load(w, [0, 0, 0], [1, 64, 64], target_memory=pl.Mem.Mat)
        r = pl.batch_matmul(a, wt)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[1, 64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        rows = pl.load(x, [0, 0], [1, 64], target_memory=pl.Mem.Mat)
        a = pl.reshape(rows, [1, 1, 64])
        wt = pl.load(w, [0, 0, 0], [1, 64, 64], target_memory=pl.Mem.Mat)
        r = pl.batch_matmul(a, wt)
        return out
