# rule: PTO-TD67
# line: 13
# message: pl operation 'sub': The operator tile.subs requires tile dtype in {INT8, INT16, INT32, FP16, FP32, BF16}, but got uint8
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.UINT8]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.sub(t, 1)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.UINT8]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.add(t, 1)
