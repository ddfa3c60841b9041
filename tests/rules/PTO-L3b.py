# rule: PTO-L3b
# line: 16
# message: LowerAutoVectorSplit: a pl.split_aiv(UP_DOWN) region contains a tile.transpose that swaps the split axis (dim 0). The transpose moves the per-lane split data to the other dimension, so the region cannot be split correctly. Fix it one of two ways: (1) remove the transpose, e.g. replace a transpose-then-row-index with a direct column slice such as pre[:, h:h+1]; or (2) move the transpose outside the pl.split_aiv region.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(x, w)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(acc)
            out[0:64, lane * 32 : lane * 32 + 32] = pl.transpose(h, 0, 1)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(acc)
            t = pl.exp(h)
            out[lane * 32 : lane * 32 + 32, :] = t
    return out
