# rule: PTO-X4
# line: 17
# message: pl.aiv_shard does not support distributed tensors (AIV/AIC split only)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


import pypto.language.distributed as pld


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], win: pld.DistributedTensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.mul(pl.aiv_shard(win), pl.cast(lane, pl.FP32))
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], win: pld.DistributedTensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, x)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.mul(pl.aiv_shard(acc), pl.cast(lane, pl.FP32))
    return out
