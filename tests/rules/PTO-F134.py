# rule: PTO-F134
# line: 11
# message: Unsupported type annotation: int
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], n: int):
        t = pl.load(x, [0, 0], [64, 64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT32]):
        t = pl.load(x, [0, 0], [64, 64])
