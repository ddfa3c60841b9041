# rule: PTO-OI8
# line: 13
# message: deferred waiter is registration-only; unexpected operation 'tensor.write'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def faulty(sig: pld.DistributedTensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], idx: pl.Tensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as wait_tid:
        v: pl.Scalar[pl.INT32] = pl.read(idx, [1])
        pl.write(idx, [0], v)
        pld.system.defer_wait(sig, [0], v, cmp=pld.WaitCmp.Ge)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[wait_tid], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out


@pl.jit
def twin(sig: pld.DistributedTensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], idx: pl.Tensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as wait_tid:
        v: pl.Scalar[pl.INT32] = pl.read(idx, [1])
        pld.system.defer_wait(sig, [0], v, cmp=pld.WaitCmp.Ge)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[wait_tid], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out
