# rule: PTO-F64
# line: 12
# message: static_assert() requires 1 or 2 arguments
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    pl.static_assert(TILE > 0, "tile", "extra")
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.mul(x, 2.0), [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    pl.static_assert(TILE > 0, "tile")
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.mul(x, 2.0), [0, 0])
    return out
