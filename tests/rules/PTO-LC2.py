# rule: PTO-LC2
# line: 12
# message: pld.tensor.barrier signal must be 2D [NR, 1], got rank 1
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def faulty(sig: pld.DistributedTensor[[2], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        pld.tensor.barrier(sig)
    return sig


@pl.jit
def twin(sig: pld.DistributedTensor[[2, 1], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        pld.tensor.barrier(sig)
    return sig
