# rule: PTO-S13
# line: 14
# message: pl.split_aiv: tile.aic_gather re-joins the two lanes positionally, but each lane's valid row extent (20 of 32) covers only part of its half, so the lanes contribute the disjoint bands [0, 20) and [32, 52) of the re-joined tile. No valid_shape describes that union.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [lane * 32, 0], [32, 64])
            t = pl.set_validshape(t, 20, 64)
            g = pl.aic_gather(t)
        acc = pl.matmul(g, pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        out = pl.store(acc, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(x, [lane * 32, 0], [32, 64])
            t = pl.set_validshape(t, 32, 64)
            g = pl.aic_gather(t)
        acc = pl.matmul(g, pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        out = pl.store(acc, [0, 0], out)
    return out
