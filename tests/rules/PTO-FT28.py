# rule: PTO-FT28
# line: 15
# message: FlattenTileNdTo2D: integer overflow when computing tile.batch_matmul output batch size
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    # Batches [2**32, 1] and [1, 2**32] broadcast to [2**32, 2**32]: 2**64 unrolled matmuls.
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[4294967296, 1, 16, 16], pl.FP16], w: pl.Tensor[[1, 4294967296, 16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.load(x, [0, 0, 0, 0], [4294967296, 1, 16, 16], target_memory=pl.Mem.Mat)
        b = pl.load(w, [0, 0, 0, 0], [1, 4294967296, 16, 16], target_memory=pl.Mem.Mat)
        r = pl.batch_matmul(a, b)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[4, 1, 16, 16], pl.FP16], w: pl.Tensor[[1, 4, 16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.load(x, [0, 0, 0, 0], [4, 1, 16, 16], target_memory=pl.Mem.Mat)
        b = pl.load(w, [0, 0, 0, 0], [1, 4, 16, 16], target_memory=pl.Mem.Mat)
        r = pl.batch_matmul(a, b)
        return out
