# rule: PTO-IN2
# line: 11
# message: Inline function 'early' contains a non-trailing ReturnStmt; only a single trailing return is supported (early-return inside an If/For/While branch is rejected)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit.inline
def early(t: pl.Tensor[[64, 64], pl.FP32], flag: int):
    if flag > 0:
        return t
    return pl.mul(t, 2.0)


@pl.jit.inline
def single(t: pl.Tensor[[64, 64], pl.FP32], flag: int):
    r = pl.mul(t, 2.0)
    return r


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = early(x, 1)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = single(x, 1)
    return out
