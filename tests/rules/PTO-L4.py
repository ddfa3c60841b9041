# rule: PTO-L4
# line: 14
# message: LowerAutoVectorSplit: a pl.split_aiv region mixes explicit tile.aiv_shard/tile.aic_gather boundary ops with plain full-width vector op(s) [tile.exp] that operate outside the per-lane half-width dataflow. The explicit boundary keeps the region in half-width form, so these full-width ops would be left un-localized and both AIV lanes would compute the full tile. Fix it one of three ways: (1) derive the op from the tile.aiv_shard result; (2) localize it yourself with the region's lane index, e.g. load at 'base + aiv_id * HALF' at the half extent — an op whose READ address references aiv_id is per-lane by construction and is accepted. The lane reference must land in that read address (the offset selecting which window the op reads), not in a shape, a valid_shape, or a destination slot; or (3) remove the explicit tile.aiv_shard/tile.aic_gather and let the implicit affinity-gated path halve the region.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(x, w)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(acc)
            e = pl.exp(x)
            out[lane * 32 : lane * 32 + 32, :] = pl.add(h, e[lane * 32 : lane * 32 + 32, :])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(acc)
            e = pl.exp(h)
            out[lane * 32 : lane * 32 + 32, :] = e
    return out
