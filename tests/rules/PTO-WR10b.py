# rule: PTO-WR10b
# line: 13
# message: pl.tile operation 'muls': int() argument must be a string, a bytes-like object or a real number, not 'Tensor'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.INT32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.tile.muls(t, a)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.INT32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.tile.muls(t, 2)
