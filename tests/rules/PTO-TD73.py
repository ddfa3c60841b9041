# rule: PTO-TD73
# line: 13
# message: pl operation 'prelu': The operator tile.prelu requires src dtype in {FP16, FP32}, but got int32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.INT32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.prelu(t, t, t)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.INT32]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.cast(t, pl.FP32)
        r = pl.prelu(u, u, u)
