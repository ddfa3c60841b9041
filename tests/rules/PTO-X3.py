# rule: PTO-X3
# line: 15
# message: pl.aiv_shard() takes exactly one positional argument (the tile to shard), got 2
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(x, w)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.exp(pl.aiv_shard(acc, acc))
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.exp(pl.aiv_shard(acc))
    return out
