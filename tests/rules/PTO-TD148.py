# rule: PTO-TD148
# line: 13
# message: pl.tile operation 'extract': tile.extract requires a 2D source tile, but got rank 1
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[4096], pl.FP16]):
        t = pl.load(a, [0], [4096], target_memory=pl.Mem.Mat)
        r = pl.tile.extract(t, 0, 0, [16, 16], target_memory=pl.Mem.Left)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP16]):
        t = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.tile.extract(t, 0, 0, [16, 16], target_memory=pl.Mem.Left)
