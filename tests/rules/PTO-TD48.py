# rule: PTO-TD48
# line: 11
# message: pl.system.syncall: core_type must be a pl.KernelType member, but got pl.SyncAllMode.HARD
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        pl.system.syncall(core_type=pl.SyncAllMode.HARD)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        pl.system.syncall(core_type=pl.KernelType.AIV)
