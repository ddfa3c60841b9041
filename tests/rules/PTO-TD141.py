# rule: PTO-TD141
# line: 12
# message: pl.array operation 'create': array.create extent must be positive, got 0
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        arr = pl.array.create(0, pl.INT32)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        arr = pl.array.create(4, pl.INT32)
