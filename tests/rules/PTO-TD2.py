# rule: PTO-TD2
# line: 12
# message: pl operation 'row_sum': The operator tile.row_sum requires input to be at least 2D, but got 1D
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64], pl.FP32]):
        r = pl.row_sum(pl.load(a, [0], [64]))


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64], pl.FP32]):
        r = pl.exp(pl.load(a, [0], [64]))
