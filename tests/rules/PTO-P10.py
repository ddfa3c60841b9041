# rule: PTO-P10
# line: 13
# message: pl.split_aiv() requires mode= (e.g. mode=pl.SplitMode.NONE for task-parallel, or pl.SplitMode.UP_DOWN / pl.SplitMode.LEFT_RIGHT for data-parallel halving)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        for aiv_id in pl.split_aiv(2):
            out[:] = pl.mul(x, pl.cast(aiv_id, pl.FP32))
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.mul(x, pl.cast(aiv_id, pl.FP32))
    return out
