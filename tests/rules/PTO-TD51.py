# rule: PTO-TD51
# line: 11
# message: pl.system operation 'sync_set': system.sync_set event_id must be in the user-available range [0, 13], got 14
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        pl.system.sync_set(14, pipe=pl.PipeType.V, core_type=pl.KernelType.AIV)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        pl.system.sync_set(13, pipe=pl.PipeType.V, core_type=pl.KernelType.AIV)
