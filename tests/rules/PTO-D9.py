# rule: PTO-D9
# line: 15
# message: tile.aiv_shard: this tile's valid column extent (n of 64) is a runtime value narrower than the physical box. A narrowed column extent has to be rebuilt after the boundary's full-box transport, and the only rebuild available (pto.treshape) is compile-time static.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl



@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, 64, n)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            out = pl.store(pl.exp(pl.aiv_shard(acc)), [lane * 32, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, n, 64)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            out = pl.store(pl.exp(pl.aiv_shard(acc)), [lane * 32, 0], out)
    return out
