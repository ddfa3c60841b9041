# rule: PTO-TD138
# line: 12
# message: pl.tile operation 'random': The operator tile.random requires rounds to be 7 or 10, but got 8
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.tile.random(1, 2, 0, 0, 0, 0, [1, 64], rounds=8)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.tile.random(1, 2, 0, 0, 0, 0, [1, 64], rounds=7)
