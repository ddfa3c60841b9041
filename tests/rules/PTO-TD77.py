# rule: PTO-TD77
# line: 14
# message: pl operation 'prelu': The operator tile.prelu requires slope and src to have the same physical shape, but dimension 0 differs; got slope shape [32, 64] and src shape [64, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(b, [0, 0], [32, 64])
        r = pl.prelu(t, u, t)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.prelu(t, t, t)
