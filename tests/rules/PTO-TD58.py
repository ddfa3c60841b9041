# rule: PTO-TD58
# line: 13
# message: pl operation 'and_': The operator tile.and requires integer tile dtype, but got fp32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.and_(t, t)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        u = pl.load(a, [0, 0], [64, 64])
        t = pl.cast(u, pl.INT32)
        r = pl.and_(t, t)
