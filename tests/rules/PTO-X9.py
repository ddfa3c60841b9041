# rule: PTO-X9
# line: 12
# message: pl.aiv_shard(..., lane_stride=N) requires an integer partition stride, got '1.5'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        half = pl.aiv_shard(acc, split=1, lane_stride=1.5)
        out = pl.store(pl.exp(half), [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            out = pl.store(pl.exp(pl.aiv_shard(acc)), [lane * 32, 0], out)
    return out
