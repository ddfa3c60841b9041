# rule: PTO-TD124
# line: 12
# message: pl operation 'load': tile.load offset 0 is provably negative (-16); a window must start inside its source
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.load(a, [-16, 0], [32, 64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.load(a, [16, 0], [32, 64])
