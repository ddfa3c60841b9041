# rule: PTO-D11
# line: 15
# message: tile.aiv_shard: this tile's valid row extent (n of 64) is a runtime value and its valid column extent (48 of 64) is narrower than the physical box. The narrowed column extent forces a full-box transport whose logical extents are rebuilt by the static pto.treshape, which cannot express a runtime row extent.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl



@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, n, 48)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out = pl.store(pl.exp(pl.aiv_shard(acc)), [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, n, 64)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out = pl.store(pl.exp(pl.aiv_shard(acc)), [0, 0], out)
    return out
