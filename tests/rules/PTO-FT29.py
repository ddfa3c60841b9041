# rule: PTO-FT29
# line: 15
# message: FlattenTileNdTo2D: tile.store offsets rank must match batch_matmul result rank
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[2, 64, 64], pl.FP16], w: pl.Tensor[[2, 64, 64], pl.FP16], out: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        a = pl.load(x, [0, 0, 0], [2, 64, 64], target_memory=pl.Mem.Mat)
        wt = pl.load(w, [0, 0, 0], [2, 64, 64], target_memory=pl.Mem.Mat)
        r = pl.batch_matmul(a, wt)
        out = pl.store(r, [0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[2, 64, 64], pl.FP16], w: pl.Tensor[[2, 64, 64], pl.FP16], out: pl.Out[pl.Tensor[[2, 64, 64], pl.FP32]]) -> pl.Tensor[[2, 64, 64], pl.FP32]:
        a = pl.load(x, [0, 0, 0], [2, 64, 64], target_memory=pl.Mem.Mat)
        wt = pl.load(w, [0, 0, 0], [2, 64, 64], target_memory=pl.Mem.Mat)
        r = pl.batch_matmul(a, wt)
        out = pl.store(r, [0, 0, 0], out)
        return out
