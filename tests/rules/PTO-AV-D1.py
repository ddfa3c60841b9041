# rule: PTO-AV-D1
# line: 15
# message: 'tile.aiv_shard' operand is in Vec, but it transfers a cube-produced value across the cross-core boundary and requires Acc. Only a cube-produced value reaches the vector lane through this boundary: Acc is the matmul result the c2v pipe can push. A Vec operand is vector-produced (pl.load / pl.full) and already lives on the AIV lane — drop the pl.aiv_shard and let the implicit affinity-gated split halve it. A Mat operand is not a supported producer pipe; move it through a pl.matmul, or load it on the vector lane instead.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            t = pl.load(x, [0, 0], [64, 64])
            out = pl.store(pl.mul(pl.aiv_shard(t), pl.cast(lane, pl.FP32)), [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.mul(pl.aiv_shard(acc), pl.cast(lane, pl.FP32))
    return out
