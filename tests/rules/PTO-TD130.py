# rule: PTO-TD130
# line: 12
# message: pl operation 'load': offsets and shapes must have same number of dimensions, got 2 offsets and 1 shapes
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.load(a, [0, 0], [64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.load(a, [0, 0], [64, 64])
