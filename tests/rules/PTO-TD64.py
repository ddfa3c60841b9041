# rule: PTO-TD64
# line: 14
# message: pl operation 'div': The operator tile.div requires src0, src1, and dst to have the same valid_shape, but dimension 0 differs; got src0 valid_shape [64, 64] and src1 valid_shape [32, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(a, [0, 0], [64, 64], valid_shape=[32, 64])
        r = pl.div(t, u)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(a, [0, 0], [64, 64])
        r = pl.div(t, u)
