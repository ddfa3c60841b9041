# target: a5
# rule: PTO-SP2
# line: 11
# message: pl.cross_core_slot(local_slot_num=2) is rejected on the a5 (Ascend950) backend, even when equal to slot_num: PTOAS does not support an explicit local depth for that frontend pipe lowering
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=2, local_slot_num=2)], name_hint="faulty"):
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        out[:] = pl.exp(c)
    return out


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=2)], name_hint="twin"):
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        out[:] = pl.exp(c)
    return out

