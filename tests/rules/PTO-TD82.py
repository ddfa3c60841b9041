# rule: PTO-TD82
# line: 14
# message: pl operation 'sels': The operator tile.sels requires mask carrier rows to cover src valid rows, but got mask valid_shape [32, 32] and src valid_shape [64, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], m: pl.Tensor[[32, 32], pl.INT8]):
        t = pl.load(a, [0, 0], [64, 64])
        k = pl.load(m, [0, 0], [32, 32])
        r = pl.sels(k, t, t, 1.0)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], m: pl.Tensor[[32, 32], pl.INT8]):
        t = pl.load(a, [0, 0], [32, 64])
        k = pl.load(m, [0, 0], [32, 32])
        r = pl.sels(k, t, t, 1.0)
