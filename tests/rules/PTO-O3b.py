# rule: PTO-O3b
# line: 12
# message: optimizations=[...] sets the cross-core slot count twice: via the deprecated pl.split(slot_num=...) and via pl.cross_core_slot(...)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN, slot_num=4), pl.cross_core_slot(slot_num=4)], name_hint="faulty"):
        out[:] = pl.add(pl.matmul(x, w), x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=4)], name_hint="twin"):
        out[:] = pl.add(pl.matmul(x, w), x)
    return out
