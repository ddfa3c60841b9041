# rule: PTO-TD139
# line: 12
# message: pl.tile operation 'full': The operator tile.full shape element 0 must be positive, got 0
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.tile.full([0, 64], dtype=pl.FP32, value=0.0)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.tile.full([1, 64], dtype=pl.FP32, value=0.0)
