# rule: PTO-TD19
# line: 14
# message: pl operation 'matmul': The operator tile.matmul requires identical lhs and rhs data types, but got FP16 and BF16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.BF16]):
        l = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul(l, r)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.BF16]):
        l = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul(l, l)
