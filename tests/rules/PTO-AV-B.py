# rule: PTO-AV-B
# line: 16
# message: reduce op 'tile.row_sum' reduces over the split axis (dim 1) inside a pl.split_aiv region, producing a partial reduction; reduce the non-split axis, or gather the lanes back (tile.aic_gather) before reducing.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(x, w)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            h = pl.aiv_shard(acc)
            s = pl.row_sum(h)
            out[:, aiv_id * 32 : aiv_id * 32 + 32] = pl.row_expand_div(h, s)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(acc)
            s = pl.row_sum(h)
            out[aiv_id * 32 : aiv_id * 32 + 32, :] = pl.row_expand_div(h, s)
    return out
