# target: a5
# rule: PTO-TD36
# line: 19
# message: pl operation 'matmul_mx': The operator tile.matmul_mx requires physical M divisible by 16 (ISA/PTOAS tmatmul_mx), but got M=8
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 128], pl.FP8E4M3FN], sa: pl.Tensor[[64, 4], pl.FP8E8M0], b: pl.Tensor[[128, 64], pl.FP8E4M3FN], sb: pl.Tensor[[4, 64], pl.FP8E8M0], c: pl.Tensor[[64, 64], pl.FP32], z: pl.Tensor[[1, 64], pl.FP32], m: pl.Tensor[[8, 128], pl.FP8E4M3FN], ms: pl.Tensor[[8, 4], pl.FP8E8M0]):
        l = pl.load(a, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
        ls = pl.load(sa, [0, 0], [64, 4], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
        rs = pl.load(sb, [0, 0], [4, 64], target_memory=pl.Mem.Mat)
        lm = pl.load(m, [0, 0], [8, 128], target_memory=pl.Mem.Mat)
        lms = pl.load(ms, [0, 0], [8, 4], target_memory=pl.Mem.Mat)
        c = pl.matmul_mx(lm, lms, r, rs)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 128], pl.FP8E4M3FN], sa: pl.Tensor[[64, 4], pl.FP8E8M0], b: pl.Tensor[[128, 64], pl.FP8E4M3FN], sb: pl.Tensor[[4, 64], pl.FP8E8M0], c: pl.Tensor[[64, 64], pl.FP32], z: pl.Tensor[[1, 64], pl.FP32], m: pl.Tensor[[8, 128], pl.FP8E4M3FN], ms: pl.Tensor[[8, 4], pl.FP8E8M0]):
        l = pl.load(a, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
        ls = pl.load(sa, [0, 0], [64, 4], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
        rs = pl.load(sb, [0, 0], [4, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul_mx(l, ls, r, rs)
