# rule: PTO-X8
# line: 13
# message: pl.aic_gather() does not take a lane_stride= argument: only the Cube -> Vector shard is ever rebalanced onto a ragged boundary's valid region, so the gather always re-joins the lanes on the box partition
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        e = pl.aic_gather(pl.exp(pl.load(x, [0, 0], [64, 64])), split=1, lane_stride=2)
        out[:] = pl.matmul(e, w)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            e = pl.exp(x[aiv_id * 32 : aiv_id * 32 + 32, :])
            e = pl.aic_gather(e)
        out[:] = pl.matmul(e, w)
    return out
