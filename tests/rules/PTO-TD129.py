# rule: PTO-TD129
# line: 12
# message: pl operation 'load': target_memory for tile.load must be MemorySpace.Vec or MemorySpace.Mat, got MemorySpace.Left
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.load(a, [0, 0], [32, 64], target_memory=pl.Mem.Left)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.load(a, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
