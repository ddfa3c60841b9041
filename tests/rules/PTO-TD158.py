# rule: PTO-TD158
# line: 14
# message: pl.tile operation 'transpose': tile.transpose: tmp dtype must match input dtype, got input=fp32 tmp=fp16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], h: pl.Tensor[[64, 64], pl.FP16]):
        t = pl.load(x, [0, 0], [64, 64])
        s = pl.load(h, [0, 0], [64, 64])
        r = pl.tile.transpose(t, 0, 1, s)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], h: pl.Tensor[[64, 64], pl.FP16]):
        t = pl.load(x, [0, 0], [64, 64])
        s = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.transpose(t, 0, 1, s)
