# rule: PTO-F97
# line: 12
# message: pl.const() first argument must be a numeric literal
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT32]):
        c = pl.const(n, pl.INT32)
        t = pl.load(x, [0, 0], [64, 64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT32]):
        c = pl.const(-3, pl.INT32)
        t = pl.load(x, [0, 0], [64, 64])
