# expect: none
# Twin of h3_gather_lane_scaled: the factor is a constant, the same on both lanes.
import pypto.language as pl

M = 64
N = 64


@pl.jit
def scaled_gather(
    x: pl.Tensor[[M, N], pl.FP32],
    w: pl.Tensor[[N, N], pl.FP32],
    out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scaled_gather"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            factor = pl.cast(2, pl.FP32)
            xs = pl.mul(pl.load(x, [0, 0], [M, N]), factor)
            xg = pl.aic_gather(xs)
        xl = pl.move(xg, target_memory=pl.MemorySpace.Left)
        wr = pl.move(pl.load(w, [0, 0], [N, N], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        out = pl.store(pl.matmul(xl, wr), [0, 0], out)
    return out
