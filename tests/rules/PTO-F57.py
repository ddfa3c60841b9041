# rule: PTO-F57
# line: 10
# message: pl.spmd() got unexpected keyword argument 'sync'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    for i in pl.spmd(4, sync=True):
        out[:] = pl.mul(x, pl.cast(i, pl.FP32))
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    for i in pl.spmd(4, name_hint="blocks"):
        out[:] = pl.mul(x, pl.cast(i, pl.FP32))
    return out
