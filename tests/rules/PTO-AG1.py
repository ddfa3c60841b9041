# rule: PTO-AG1
# line: 17
# message: cube accumulator cannot be stored directly into a 'int8' global tensor on the 'a2a3' backend (function 'faulty'). The fix-pipe narrows an Acc tile only into INT32/FP32/FP16/BF16. Narrow through the vector unit first -- cast the matmul result to 'int8' (e.g. pl.cast(result, ...)) and store that -- or accumulate into an INT32/FP32 tensor and convert afterwards.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.program
class Narrow:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP16], out8: pl.Out[pl.Tensor[[64, 64], pl.INT8]]) -> pl.Tensor[[64, 64], pl.INT8]:
        l = pl.move(pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        r = pl.move(pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(l, r)
        out8 = pl.store(acc, [0, 0], out8)
        return out8

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        l = pl.move(pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        r = pl.move(pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(l, r)
        out = pl.store(acc, [0, 0], out)
        return out
