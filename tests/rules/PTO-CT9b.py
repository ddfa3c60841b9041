# rule: PTO-CT9b
# line: 11
# message: tensor.gather: rank-3 gather on dim 1 uses an INT32 flat index that only matches the tgather b32 form (32-bit src); 16-bit src is not yet supported on this axis. Got input dtype FP16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[4, 16, 64], pl.FP16], idx: pl.Tensor[[4, 16, 64], pl.INT32], out: pl.Out[pl.Tensor[[4, 16, 64], pl.FP16]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = pl.gather(x, 1, idx)
    return out


@pl.jit
def twin(x: pl.Tensor[[4, 16, 64], pl.FP32], idx: pl.Tensor[[4, 16, 64], pl.INT32], out: pl.Out[pl.Tensor[[4, 16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.gather(x, 1, idx)
    return out
