# rule: PTO-WR12
# line: 12
# message: pl.system operation 'cacheinvalid': system.cacheinvalid offsets must match tensor rank 2, got 1
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        pl.system.cacheinvalid(a, shapes=[32, 64], offsets=[32])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        pl.system.cacheinvalid(a, shapes=[32, 64], offsets=[32, 0])
