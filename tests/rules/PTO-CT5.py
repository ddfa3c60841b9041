# rule: PTO-CT5
# line: 12
# message: tensor.div row broadcasting requires the divisor valid rows to cover the dividend, but got dividend valid_shape [64, 64] and divisor valid_shape [32, 1]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], s: pl.Tensor[[64, 1], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        d = pl.set_validshape(s, 32, 1)
        out[:] = pl.div(x, d)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], s: pl.Tensor[[64, 1], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        d = pl.set_validshape(s, 64, 1)
        out[:] = pl.div(x, d)
    return out
