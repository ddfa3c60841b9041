# rule: PTO-F20
# line: 16
# message: 'continue' not supported in parallel loops
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        for i in pl.parallel(2):
            out[:] = pl.mul(x, pl.cast(i, pl.FP32))
            if i == 0:
                continue
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        for i in pl.range(2):
            out[:] = pl.mul(x, pl.cast(i, pl.FP32))
            if i == 0:
                continue
    return out
