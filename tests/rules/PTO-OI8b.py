# rule: PTO-OI8b
# line: 12
# message: deferred waiter scalar bookkeeping supports only a pre-registration tensor.read call; unexpected operation 'tile.get_block_idx'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def faulty(sig: pld.DistributedTensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], idx: pl.Tensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as wait_tid:
        b = pl.tile.get_block_idx()
        pld.system.defer_wait(sig, [b], 1, cmp=pld.WaitCmp.Ge)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[wait_tid], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out


@pl.jit
def twin(sig: pld.DistributedTensor[[8], pl.INT32], x: pl.Tensor[[64, 64], pl.FP32], idx: pl.Tensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as wait_tid:
        b: pl.Scalar[pl.INT32] = pl.read(idx, [0])
        pld.system.defer_wait(sig, [b], 1, cmp=pld.WaitCmp.Ge)
    with pl.at(level=pl.Level.CORE_GROUP, deps=[wait_tid], name_hint="consumer"):
        out[:] = pl.exp(x)
    return out
