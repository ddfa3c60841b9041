# rule: PTO-TD62
# line: 14
# message: pl operation 'div': The operator tile.div requires src0, src1, and dst to have the same physical shape rank, but got 2 and 1
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(b, [0], [64])
        r = pl.div(t, u)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(b, [0], [64])
        r = pl.add(t, u)
