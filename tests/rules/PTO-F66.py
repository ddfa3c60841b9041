# rule: PTO-F66
# line: 10
# message: static_assert condition must be compile-time evaluable
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.function
def faulty(x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INT32]) -> pl.Tensor[[64], pl.FP32]:
    pl.static_assert(n)
    return x


@pl.function
def twin(x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INT32]) -> pl.Tensor[[64], pl.FP32]:
    pl.static_assert(64 > 0)
    return x
