# rule: PTO-TD7
# line: 12
# message: pl operation 'create_tile': The operator tile.create does not support target_memory=LeftScale/RightScale; create the scale tile with tile.load to Mat followed by tile.move
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        s = pl.create_tile([64, 4], dtype=pl.FP8E8M0, target_memory=pl.Mem.LeftScale)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        s = pl.create_tile([64, 4], dtype=pl.FP8E8M0, target_memory=pl.Mem.Mat)
