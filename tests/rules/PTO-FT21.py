# rule: PTO-FT21
# line: 13
# message: Unroll loop trip count 1025 exceeds maximum allowed (1024). Reduce the loop range or use pl.range() instead
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for i in pl.unroll(0, 2050, 2):
            t = pl.add(t, t)
        out = pl.store(t, [0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for i in pl.unroll(0, 2048, 2):
            t = pl.add(t, t)
        out = pl.store(t, [0, 0], out)
        return out
