# rule: PTO-TD85
# line: 13
# message: pl operation 'log': tile.log requires an FP16 or FP32 tile operand, but got int32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.INT32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.log(t)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.INT32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.log(pl.cast(t, pl.FP32))
