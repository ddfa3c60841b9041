# rule: PTO-TD92
# line: 13
# message: pl operation 'cast': tile.cast: target_type fp32 equals input dtype; same-dtype cast is not a valid operation. Remove the cast or use a different target_type.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.cast(t, pl.FP32)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.cast(t, pl.FP16)
