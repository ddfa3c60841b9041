# rule: PTO-TD191
# line: 12
# message: pld.system.defer_wait only supports WaitCmp.Ge (got int 0)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit
def faulty(sig: pld.DistributedTensor[[2, 1], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Eq)
    return sig


@pl.jit
def twin(sig: pld.DistributedTensor[[2, 1], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        pld.system.defer_wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
    return sig
