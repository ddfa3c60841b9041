# rule: PTO-TD86
# line: 13
# message: pl operation 'not_': The operator tile.not requires int16 or uint16 tile dtype, but got fp32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.not_(t)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.not_(pl.cast(t, pl.INT16))
