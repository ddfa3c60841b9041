# rule: PTO-F112
# line: 13
# message: pl.unroll() requires compile-time constant integer bounds
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX]):
        t = pl.load(x, [0, 0], [64, 64])
        for i in pl.unroll(n):
            t = pl.exp(t)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX]):
        t = pl.load(x, [0, 0], [64, 64])
        for i in pl.unroll(4):
            t = pl.exp(t)
