# rule: PTO-TD97
# line: 14
# message: pl operation 'row_sum': The operator tile.row_sum requires tmp_tile shape to be at least the input shape in every dimension, but tmp_tile dimension 1 is undersized; got tmp_tile shape [64, 32] and input shape [64, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 32], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        w = pl.load(b, [0, 0], [64, 32])
        r = pl.row_sum(t, w)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 32], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.row_sum(t, t)
