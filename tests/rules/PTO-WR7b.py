# rule: PTO-WR7b
# line: 12
# message: pl.div: high_precision is only supported for Tensor or Tile division
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], x: pl.Scalar[pl.FP32], y: pl.Scalar[pl.FP32]):
        r = pl.div(x, y, high_precision=True)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], x: pl.Scalar[pl.FP32], y: pl.Scalar[pl.FP32]):
        r = pl.div(x, y)
