# target: a5
# rule: PTO-TD44
# line: 18
# message: pl operation 'matmul_mx_bias': The operator tile.matmul_mx_bias requires bias dtype FP32, but got fp16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 128], pl.FP8E4M3FN], sa: pl.Tensor[[64, 4], pl.FP8E8M0], b: pl.Tensor[[128, 64], pl.FP8E4M3FN], sb: pl.Tensor[[4, 64], pl.FP8E8M0], c: pl.Tensor[[64, 64], pl.FP32], z: pl.Tensor[[1, 64], pl.FP32], zh: pl.Tensor[[1, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
        ls = pl.load(sa, [0, 0], [64, 4], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
        rs = pl.load(sb, [0, 0], [4, 64], target_memory=pl.Mem.Mat)
        bias = pl.move(pl.load(zh, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)
        d = pl.matmul_mx_bias(l, ls, r, rs, bias)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 128], pl.FP8E4M3FN], sa: pl.Tensor[[64, 4], pl.FP8E8M0], b: pl.Tensor[[128, 64], pl.FP8E4M3FN], sb: pl.Tensor[[4, 64], pl.FP8E8M0], c: pl.Tensor[[64, 64], pl.FP32], z: pl.Tensor[[1, 64], pl.FP32], zh: pl.Tensor[[1, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [64, 128], target_memory=pl.Mem.Mat)
        ls = pl.load(sa, [0, 0], [64, 4], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
        rs = pl.load(sb, [0, 0], [4, 64], target_memory=pl.Mem.Mat)
        bias = pl.move(pl.load(z, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)
        d = pl.matmul_mx_bias(l, ls, r, rs, bias)
