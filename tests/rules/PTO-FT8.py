# rule: PTO-FT8
# line: 13
# message: The operator tile.row_expand requires matching row dimensions, but got tile rows=128 and row_vec rows=64
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[2, 64, 64], pl.FP32], v: pl.Tensor[[64, 1], pl.FP32]):
        t = pl.load(a, [0, 0, 0], [2, 64, 64])
        r = pl.tile.row_expand(t, pl.load(v, [0, 0], [64, 1]))


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[2, 64, 64], pl.FP32], v: pl.Tensor[[64, 1], pl.FP32]):
        t = pl.load(a, [0, 0, 0], [1, 64, 64])
        r = pl.tile.row_expand(t, pl.load(v, [0, 0], [64, 1]))
