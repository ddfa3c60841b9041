# rule: PTO-D4
# line: 13
# message: The operator tile.aiv_shard requires argument to be a TileType, but got ScalarType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            scale = pl.aiv_shard(lane)
            out = pl.store(pl.mul(pl.aiv_shard(acc), scale), [lane * 32, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            scale = pl.cast(lane, pl.FP32)
            out = pl.store(pl.mul(pl.aiv_shard(acc), scale), [lane * 32, 0], out)
    return out
