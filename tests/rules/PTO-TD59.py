# rule: PTO-TD59
# line: 14
# message: pl operation 'shl': The operator tile.shl requires integer shift tile dtype, but got fp32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.INT32], b: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(b, [0, 0], [64, 64])
        r = pl.shl(t, u)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.INT32], b: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.shl(t, t)
