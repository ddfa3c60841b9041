# rule: PTO-AV-A
# line: 16
# message: cube op 'tile.matmul' inside a pl.split_aiv region: the region body is AIV work, so cube ops do not belong in it; move it outside the region.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        xl = pl.move(pl.load(x, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        wr = pl.move(pl.load(w, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            acc = pl.matmul(xl, wr)
            out = pl.store(pl.exp(acc), [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.exp(pl.aiv_shard(acc))
    return out
