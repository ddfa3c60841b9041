# rule: PTO-D10
# line: 15
# message: tile.aiv_shard: UP_DOWN split with BOTH a per-lane row extent (40 of 64, so the lanes hold different row counts) and a narrowed column extent (48 of 64) is not supported. The per-lane row extent rides on the TPOP valid_row operand, but the narrowed column extent can only be restored by pto.treshape, which rebuilds BOTH axes from one static type and would overwrite that per-lane row.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl



@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, 40, 48)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            out = pl.store(pl.exp(pl.aiv_shard(acc)), [lane * 32, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, 64, 48)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            out = pl.store(pl.exp(pl.aiv_shard(acc)), [lane * 32, 0], out)
    return out
