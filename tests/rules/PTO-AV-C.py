# rule: PTO-AV-C
# line: 14
# message: 'tile.aiv_shard' must appear inside a pl.split_aiv region (it marks the AIV-split boundary and is only meaningful there).
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64]), pl.load(w, [0, 0], [64, 64]))
        out = pl.store(pl.exp(pl.aiv_shard(acc, split=0)), [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.mul(pl.exp(pl.aiv_shard(acc)), pl.cast(aiv_id, pl.FP32))
    return out
