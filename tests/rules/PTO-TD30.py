# rule: PTO-TD30
# line: 14
# message: pl operation 'gemv': The operator tile.gemv requires acc_phase to be one of {unspecified, partial, final}, but got halfway
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[1, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [1, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.gemv(l, r, acc_phase="halfway")


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[1, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [1, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.gemv(l, r, acc_phase="final")
