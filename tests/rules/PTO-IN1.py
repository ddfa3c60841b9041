# rule: PTO-IN1
# line: 17
# message: Cycle detected in FunctionType::Inline call graph: ping -> pong -> ping
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit.inline
def ping(t: pl.Tensor[[64, 64], pl.FP32]):
    return pong(t)


@pl.jit.inline
def pong(t: pl.Tensor[[64, 64], pl.FP32]):
    return ping(t)


@pl.jit.inline
def scale(t: pl.Tensor[[64, 64], pl.FP32]):
    return pl.mul(t, 2.0)


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        y = ping(x)
        out[:] = y
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = scale(x)
    return out
