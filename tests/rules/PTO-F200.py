# rule: PTO-F200
# line: 12
# message: if condition must be a Bool-typed scalar expression, got pl.Scalar[pl.INT32]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INT32]) -> pl.Tensor[[64], pl.FP32]:
        if n:
            y = pl.mul(x, 2.0)
        else:
            y = pl.add(x, 1.0)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INT32]) -> pl.Tensor[[64], pl.FP32]:
        if n != 0:
            y = pl.mul(x, 2.0)
        else:
            y = pl.add(x, 1.0)
        return y
