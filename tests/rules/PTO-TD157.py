# rule: PTO-TD157
# line: 13
# message: pl.tile operation 'extract': tile.extract index_row must be >= 0, got -16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, h: pl.Tensor[[64, 64], pl.FP16]):
        m = pl.load(h, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.tile.extract(m, -16, 0, [16, 16], target_memory=pl.Mem.Left)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, h: pl.Tensor[[64, 64], pl.FP16]):
        m = pl.load(h, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.tile.extract(m, 16, 0, [16, 16], target_memory=pl.Mem.Left)
