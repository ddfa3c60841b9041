# rule: PTO-TD2
# line: 13
# message: pl operation 'row_sum': The operator tile.row_sum requires at least a 2D tile, but got 1 dimensions
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64], pl.FP32]):
        t = pl.load(a, [0], [64])
        r = pl.row_sum(t, t)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64], pl.FP32]):
        t = pl.load(a, [0], [64])
        r = pl.exp(t)
