# rule: PTO-TD212
# line: 13
# message: pl.tensor operation 'slice': tensor.slice does not support MX-layout tensors
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, scales: pl.Tensor[[64, 2], pl.FP8E8M0, pl.MX_A_ZZ]):
        s = pl.load(scales, [0, 0], [64, 2], target_memory=pl.Mem.Mat)
        half = pl.tensor.slice(scales, [32, 2], [0, 0])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, scales: pl.Tensor[[64, 2], pl.FP8E8M0]):
        s = pl.load(scales, [0, 0], [64, 2], target_memory=pl.Mem.Mat)
        half = pl.tensor.slice(scales, [32, 2], [0, 0])
