# rule: PTO-S10
# line: 15
# message: tile.aiv_shard: the Cube -> Vector boundary tile's valid split-axis extent (40 of a 64-wide dim 0) leaves the two AIV lanes 32 and 8 cells. pto-isa places lane 1's band at its own extent (TILE_UP_DOWN / TILE_LEFT_RIGHT) or one past it (the _ODD modes), so the lanes must be equal, differ by exactly one, or leave lane 1 empty. The compiler balances a ragged boundary across the lanes automatically, but only when the whole split body derives from it — this one also holds an independently split value (a tile.load, a generator, a full-width operand) or a Vector -> Cube gather, which spans the full box. Either move that value out of the split scope, or widen the valid extent to 64 / 63 with pl.tile.set_validshape(...), or narrow it to at most 32 so the whole value stays on lane 0.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], bias: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, 40, 64)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            b = pl.load(bias, [lane * 32, 0], [32, 64])
            out = pl.store(pl.add(pl.aiv_shard(acc), b), [lane * 32, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], bias: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        acc = pl.set_validshape(acc, 40, 64)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            out = pl.store(pl.exp(pl.aiv_shard(acc)), [lane * 32, 0], out)
    return out
