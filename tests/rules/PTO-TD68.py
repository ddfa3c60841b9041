# rule: PTO-TD68
# line: 13
# message: pl operation 'shl': The operator tile.shls requires shift/bitwise scalar to be an integer type, but got fp32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.INT32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.shl(t, 2.0)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.INT32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.shl(t, 2)
