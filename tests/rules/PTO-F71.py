# rule: PTO-F71
# line: 12
# message: Tensor subscript-write has 3 indices but the tensor is 2D
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        rows = pl.mul(x, 2.0)
    out[0:16, 0:64, 0] = rows
    return out


@pl.jit
def twin(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        rows = pl.mul(x, 2.0)
    out[0:16, 0:64] = rows
    return out
