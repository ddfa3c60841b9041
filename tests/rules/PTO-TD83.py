# rule: PTO-TD83
# line: 14
# message: pl operation 'sels': The operator tile.sels requires each mask carrier row to hold at least ceil(src valid columns / 8) packed bytes, but got mask valid_shape [64, 4] with dtype int8 and src valid_shape [64, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], m: pl.Tensor[[64, 32], pl.INT8]):
        t = pl.load(a, [0, 0], [64, 64])
        k = pl.load(m, [0, 0], [64, 32], valid_shape=[64, 4])
        r = pl.sels(k, t, t, 1.0)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], m: pl.Tensor[[64, 32], pl.INT8]):
        t = pl.load(a, [0, 0], [64, 64])
        k = pl.load(m, [0, 0], [64, 32], valid_shape=[64, 8])
        r = pl.sels(k, t, t, 1.0)
