# rule: PTO-OI10
# line: 11
# message: deferred waiter supports at most 64 conditions, but may statically register 65
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def faulty(sig: pld.DistributedTensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], idx: pl.Tensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as wait_tid:
        for i in pl.range(65):
            pld.system.defer_wait(sig, [0], i, cmp=pld.WaitCmp.Ge)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[wait_tid], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out


@pl.jit
def twin(sig: pld.DistributedTensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], idx: pl.Tensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as wait_tid:
        for i in pl.range(64):
            pld.system.defer_wait(sig, [0], i, cmp=pld.WaitCmp.Ge)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[wait_tid], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out
