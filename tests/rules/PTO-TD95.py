# rule: PTO-TD95
# line: 14
# message: pl operation 'row_max': The operator tile.row_max requires tmp_tile to have the same rank as the input, but got tmp_tile shape [64] and input shape [64, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        w = pl.load(b, [0], [64])
        r = pl.row_max(t, w)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.row_max(t, t)
