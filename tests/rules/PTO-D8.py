# rule: PTO-D8
# line: 15
# message: tile.aiv_shard: LEFT_RIGHT splits the column axis, but this tile's valid column extent (48 of 64) does not cover the full box, so the two AIV lanes would hold different amounts of real data. A per-lane column extent cannot cross this boundary: the Cube<->Vector FIFO pins the transported column extent to the physical one, and the only way to restore a narrower extent afterwards (pto.treshape) is compile-time static and so cannot express a per-lane value.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl



@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, 64, 48)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            out = pl.store(pl.exp(pl.aiv_shard(acc)), [0, lane * 32], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, 64, 48)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            out = pl.store(pl.exp(pl.aiv_shard(acc)), [lane * 32, 0], out)
    return out
