# rule: PTO-TD31
# line: 14
# message: pl operation 'gemv': The operator tile.gemv supports only INT8 x INT8 -> INT32 and same-type FP16/BF16/FP32 inputs -> FP32, but got INT16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[1, 64], pl.INT16], b: pl.Tensor[[64, 64], pl.INT16], e: pl.Tensor[[1, 64], pl.INT8], f: pl.Tensor[[64, 64], pl.INT8]):
        l = pl.load(a, [0, 0], [1, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.gemv(l, r)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[1, 64], pl.INT16], b: pl.Tensor[[64, 64], pl.INT16], e: pl.Tensor[[1, 64], pl.INT8], f: pl.Tensor[[64, 64], pl.INT8]):
        l = pl.load(e, [0, 0], [1, 64], target_memory=pl.Mem.Mat)
        r = pl.load(f, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.gemv(l, r)
