# rule: PTO-OI10b
# line: 13
# message: deferred waiter registration loop must have a statically known positive trip count so the per-waiter condition budget can be proved
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def faulty(sig: pld.DistributedTensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], idx: pl.Tensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as wait_tid:
        k: pl.Scalar[pl.INT32] = pl.read(idx, [0])
        for i in pl.range(k):
            pld.system.defer_wait(sig, [0], i, cmp=pld.WaitCmp.Ge)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[wait_tid], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out


@pl.jit
def twin(sig: pld.DistributedTensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], idx: pl.Tensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as wait_tid:
        k: pl.Scalar[pl.INT32] = pl.read(idx, [0])
        for i in pl.range(4):
            pld.system.defer_wait(sig, [0], k + i, cmp=pld.WaitCmp.Ge)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[wait_tid], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out
