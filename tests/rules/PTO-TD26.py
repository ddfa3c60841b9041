# rule: PTO-TD26
# line: 15
# message: pl operation 'matmul_bias': The operator tile.matmul_bias requires bias dtype fp32 to match the accumulator, but got fp16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], z: pl.Tensor[[1, 64], pl.FP16], y: pl.Tensor[[1, 64], pl.FP32]):
        l = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        bias = pl.move(pl.load(z, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)
        c = pl.matmul_bias(l, r, bias)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], z: pl.Tensor[[1, 64], pl.FP16], y: pl.Tensor[[1, 64], pl.FP32]):
        l = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        bias = pl.move(pl.load(y, [0, 0], [1, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)
        c = pl.matmul_bias(l, r, bias)
