# rule: PTO-TD213
# line: 12
# message: pl operation 'load': tile.load of an MX-layout tensor requires explicit target_memory=MemorySpace.Mat (MX scale loads are L1/Mat only); got MemorySpace.Vec
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, scales: pl.Tensor[[64, 2], pl.FP8E8M0, pl.MX_A_ZZ]):
        s = pl.load(scales, [0, 0], [64, 2])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, scales: pl.Tensor[[64, 2], pl.FP8E8M0, pl.MX_A_ZZ]):
        s = pl.load(scales, [0, 0], [64, 2], target_memory=pl.Mem.Mat)
