# rule: PTO-SP6
# line: 12
# message: pl.cross_core_slot(local_slot_num=...) must be positive, got 0
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4, local_slot_num=0)], name_hint="faulty"):
        out[:] = pl.add(pl.matmul(x, w), x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4, local_slot_num=2)], name_hint="twin"):
        out[:] = pl.add(pl.matmul(x, w), x)
    return out
