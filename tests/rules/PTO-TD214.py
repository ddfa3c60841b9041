# rule: PTO-TD214
# line: 12
# message: pl operation 'load': The operator tile.load of an MX-layout tensor requires FP8E8M0 or UINT8 dtype, but got fp16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, scales: pl.Tensor[[64, 2], pl.FP16, pl.MX_A_ZZ]):
        s = pl.load(scales, [0, 0], [64, 2], target_memory=pl.Mem.Mat)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, scales: pl.Tensor[[64, 2], pl.FP8E8M0, pl.MX_A_ZZ]):
        s = pl.load(scales, [0, 0], [64, 2], target_memory=pl.Mem.Mat)
