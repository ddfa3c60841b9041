# rule: PTO-IN5b
# line: 23
# message: Inline function 'store_only' has no return value
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit.inline
def store_only(t: pl.Tensor[[64, 64], pl.FP32]):
    pl.mul(t, 2.0)


@pl.jit.inline
def scale(t: pl.Tensor[[64, 64], pl.FP32]):
    return pl.mul(t, 2.0)


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = store_only(x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = scale(x)
    return out
