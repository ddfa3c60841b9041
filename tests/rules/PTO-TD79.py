# rule: PTO-TD79
# line: 14
# message: pl operation 'sels': The operator tile.sels requires an 8-, 16-, or 32-bit integer mask, but got fp32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], m: pl.Tensor[[64, 32], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        mask = pl.load(m, [0, 0], [64, 32])
        r = pl.sels(mask, t, t, 1.0)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], m: pl.Tensor[[64, 32], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        mask = pl.load(m, [0, 0], [64, 32])
        r = pl.sels(pl.cast(mask, pl.INT32), t, t, 1.0)
