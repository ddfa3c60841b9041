# rule: PTO-OI9b
# line: 12
# message: deferred waiter loop may execute tensor reads or continuation work after registering its first condition; loop bodies may contain only pure scalar bookkeeping, control flow, and defer_wait registrations
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def faulty(sig: pld.DistributedTensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], idx: pl.Tensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as wait_tid:
        for i in pl.range(2):
            v: pl.Scalar[pl.INT32] = pl.read(idx, [i])
            pld.system.defer_wait(sig, [i], v, cmp=pld.WaitCmp.Ge)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[wait_tid], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out


@pl.jit
def twin(sig: pld.DistributedTensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], idx: pl.Tensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as wait_tid:
        v: pl.Scalar[pl.INT32] = pl.read(idx, [0])
        for i in pl.range(2):
            pld.system.defer_wait(sig, [i], v, cmp=pld.WaitCmp.Ge)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[wait_tid], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out
