# rule: PTO-TD89
# line: 14
# message: pl.tile operation 'rsqrt': tile.rsqrt: tmp tile dtype (fp16) must match input dtype (fp32)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP16]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(b, [0, 0], [64, 64])
        r = pl.tile.rsqrt(t, u)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP16]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.tile.rsqrt(t, t)
