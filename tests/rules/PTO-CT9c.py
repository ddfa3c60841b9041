# rule: PTO-CT9c
# line: 11
# message: tensor.gather: unsupported (rank, dim) combination, got rank=4 norm_dim=3
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[2, 2, 16, 64], pl.FP32], idx: pl.Tensor[[2, 2, 16, 8], pl.INT32], out: pl.Out[pl.Tensor[[2, 2, 16, 8], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = pl.gather(x, -1, idx)
    return out


@pl.jit
def twin(x: pl.Tensor[[4, 16, 64], pl.FP32], idx: pl.Tensor[[4, 16, 8], pl.INT32], out: pl.Out[pl.Tensor[[4, 16, 8], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.gather(x, -1, idx)
    return out
