# rule: PTO-S15
# line: 15
# message: pl.split_aiv: 'tile.set_validshape' reshapes the logical valid region of a per-lane cross-core value, which is not supported. The shard's split-axis extent differs per lane (min(max(40 - lane * 32, 0), 32)), and that extent can only be carried by ops that pass the valid_shape through unchanged — the boundary offers no way to re-narrow a popped tile afterwards.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, 40, 64)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(acc)
            h = pl.set_validshape(h, 16, 64)
            out = pl.store(pl.exp(h), [lane * 32, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, 40, 64)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(acc)
            h = pl.set_validshape(h, 32, 64)
            out = pl.store(pl.exp(h), [lane * 32, 0], out)
    return out
