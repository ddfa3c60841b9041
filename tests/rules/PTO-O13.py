# rule: PTO-O13
# line: 12
# message: pl.split(slot_num=...) is deprecated: the cross-core slot count is orthogonal to the split mode, and spelling it here forces a split mode you may not want (the pl.split(pl.SplitMode.NONE, slot_num=N) idiom). Use optimizations=[pl.cross_core_slot(slot_num=N)] instead, optionally alongside pl.split(MODE).
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN, slot_num=4)], name_hint="faulty"):
        out[:] = pl.add(pl.matmul(x, w), x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=4)], name_hint="twin"):
        out[:] = pl.add(pl.matmul(x, w), x)
    return out
