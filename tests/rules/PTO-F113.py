# rule: PTO-F113
# line: 13
# message: pl.pipeline() stage must be a compile-time constant integer
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX]):
        t = pl.load(x, [0, 0], [64, 64])
        for i in pl.pipeline(4, stage=n):
            t = pl.exp(t)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX]):
        t = pl.load(x, [0, 0], [64, 64])
        for i in pl.pipeline(4, stage=2):
            t = pl.exp(t)
