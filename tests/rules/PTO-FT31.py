# rule: PTO-FT31
# line: 16
# message: FlattenTileNdTo2D: tile.batch_matmul_acc expects static acc dims after flatten
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        head = pl.load(x, [0, 0], [n, 64], target_memory=pl.Mem.Mat)
        a = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        wt = pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        acc = pl.matmul(head, wt)
        r = pl.tile.batch_matmul_acc(acc, a, wt)
        out = pl.store(r, [0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        head = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        a = pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        wt = pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        acc = pl.matmul(head, wt)
        r = pl.tile.batch_matmul_acc(acc, a, wt)
        out = pl.store(r, [0, 0], out)
        return out
