# rule: PTO-F3
# line: 17
# message: Unknown distributed operation 'pld.system.notifi'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


import pypto.language.distributed as pld


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], sig: pld.DistributedTensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = pl.exp(x)
        pld.system.notifi(sig, 1, [0], 1, op=pld.NotifyOp.AtomicAdd)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], sig: pld.DistributedTensor[[8], pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.exp(x)
        pld.system.notify(sig, 1, [0], 1, op=pld.NotifyOp.AtomicAdd)
    return out
