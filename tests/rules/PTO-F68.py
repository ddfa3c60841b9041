# rule: PTO-F68
# line: 12
# message: Slice step is not supported in tensor subscript-write
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[8, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        rows = pl.mul(x, 2.0)
    out[0:16:2, :] = rows
    return out


@pl.jit
def twin(x: pl.Tensor[[8, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        rows = pl.mul(x, 2.0)
    out[0:8, :] = rows
    return out
