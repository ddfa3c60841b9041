# rule: PTO-TD61
# line: 13
# message: pl operation 'div': The operator tile.div requires dtype in {INT16, INT32, FP16, FP32}, but got int8
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.INT8]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.div(t, t)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.INT8]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.mul(t, t)
