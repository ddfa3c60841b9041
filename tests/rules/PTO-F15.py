# rule: PTO-F15
# line: 13
# message: pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=64 and rhs K=32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = pl.matmul(x, v)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 32], pl.FP32], v: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.matmul(x, v)
    return out
