# target: a5
# rule: PTO-TD57b
# line: 16
# message: pl.tile operation 'matmul_mx': The operator tile.matmul_mx requires lhs_scale to be a TileType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 128], pl.FP8E4M3FN], sa: pl.Tensor[[64, 4], pl.FP8E8M0], b: pl.Tensor[[128, 64], pl.FP8E4M3FN], sb: pl.Tensor[[4, 64], pl.FP8E8M0]):
        lhs = pl.move(pl.load(a, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        rhs = pl.move(pl.load(b, [0, 0], [128, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        rs = pl.load(sb, [0, 0], [4, 64], target_memory=pl.Mem.Mat)
        acc = pl.tile.matmul_mx(lhs, sa, rhs, rs)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 128], pl.FP8E4M3FN], sa: pl.Tensor[[64, 4], pl.FP8E8M0], b: pl.Tensor[[128, 64], pl.FP8E4M3FN], sb: pl.Tensor[[4, 64], pl.FP8E8M0]):
        lhs = pl.move(pl.load(a, [0, 0], [64, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        rhs = pl.move(pl.load(b, [0, 0], [128, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        ls = pl.load(sa, [0, 0], [64, 4], target_memory=pl.Mem.Mat)
        rs = pl.load(sb, [0, 0], [4, 64], target_memory=pl.Mem.Mat)
        acc = pl.tile.matmul_mx(lhs, ls, rhs, rs)
