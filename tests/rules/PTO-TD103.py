# rule: PTO-TD103
# line: 14
# message: pl operation 'row_expand_sub': The operator tile.row_expand_sub requires matching row dimensions, but got tile rows=64 and row_vec rows=32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[32, 1], pl.FP32], w: pl.Tensor[[64, 1], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(v, [0, 0], [32, 1])
        r = pl.row_expand_sub(t, u)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[32, 1], pl.FP32], w: pl.Tensor[[64, 1], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(w, [0, 0], [64, 1])
        r = pl.row_expand_sub(t, u)
