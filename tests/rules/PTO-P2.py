# rule: PTO-P2
# line: 14
# message: scope combines a function-level pl.split(pl.SplitMode.UP_DOWN) (optimizations=[pl.split(...)]) with a pl.split_aiv region; these are mutually exclusive AIV-split mechanisms — the function-level split would be silently dropped (the per-region split governs the lanes)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="faulty"):
        acc = pl.matmul(x, w)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.mul(pl.aiv_shard(acc), pl.cast(aiv_id, pl.FP32))
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.mul(pl.aiv_shard(acc), pl.cast(lane, pl.FP32))
    return out
