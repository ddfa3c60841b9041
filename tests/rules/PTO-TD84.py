# rule: PTO-TD84
# line: 13
# message: pl operation 'sin': tile.sin is FP32-only, but got input with dtype int32. Cast the input to FP32 explicitly via pl.cast(tile, pl.FP32) before applying tile.sin.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.INT32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.sin(t)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.INT32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.sin(pl.cast(t, pl.FP32))
