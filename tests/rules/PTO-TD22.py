# rule: PTO-TD22
# line: 15
# message: pl operation 'matmul_acc': The operator tile.matmul_acc requires accumulator dtype FP32, but got FP16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        acc = pl.create_tile([64, 64], dtype=pl.FP16, target_memory=pl.Mem.Acc)
        c = pl.matmul_acc(acc, l, r)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        acc = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)
        c = pl.matmul_acc(acc, l, r)
