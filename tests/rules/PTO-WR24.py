# rule: PTO-WR24
# line: 13
# message: pl.tile operation 'ci': __init__(): incompatible function arguments. The following argument types are supported:
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.ci(t, [1, 64], dtype=pl.INT32)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.ci(0, [1, 64], dtype=pl.INT32)
