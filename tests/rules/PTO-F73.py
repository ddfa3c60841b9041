# rule: PTO-F73
# line: 12
# message: Subscript-write source must be 1D to match the rank-reduced tensor window, got 2D
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        rows = pl.mul(x, 2.0)
    out[0, 0:64] = rows
    return out


@pl.jit
def twin(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        rows = pl.mul(x, 2.0)
    out[0:16, 64:128] = rows
    return out
