# rule: PTO-SP3
# line: 10
# message: local_slot_num=1 is smaller than the 2 consumer pops that the finalized FIFO schedule of 'faulty_faulty' retains at once; the pass does not reschedule consumers to make a smaller depth fit
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=2, local_slot_num=1)], name_hint="faulty"):
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        d = pl.matmul(b, a, out_dtype=pl.FP32)
        out[:] = pl.add(c, d)
    return out


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=2, local_slot_num=2)], name_hint="twin"):
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        d = pl.matmul(b, a, out_dtype=pl.FP32)
        out[:] = pl.add(c, d)
    return out

