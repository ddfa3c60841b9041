# rule: PTO-TD29
# line: 14
# message: pl operation 'batch_matmul': The operator tile.batch_matmul requires broadcastable batch dimensions, but got [2] and [3]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[2, 64, 64], pl.FP16], b: pl.Tensor[[3, 64, 64], pl.FP16]):
        l = pl.load(a, [0, 0, 0], [2, 64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0, 0], [3, 64, 64], target_memory=pl.Mem.Mat)
        c = pl.batch_matmul(l, r)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[2, 64, 64], pl.FP16], b: pl.Tensor[[3, 64, 64], pl.FP16]):
        l = pl.load(a, [0, 0, 0], [2, 64, 64], target_memory=pl.Mem.Mat)
        c = pl.batch_matmul(l, l)
