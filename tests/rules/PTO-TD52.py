# rule: PTO-TD52
# line: 11
# message: pl.system operation 'sync_set': system.sync_set ffts_mode must be in [0, 2], got 3
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        pl.system.sync_set(1, pipe=pl.PipeType.V, ffts_mode=3, core_type=pl.KernelType.AIV)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        pl.system.sync_set(1, pipe=pl.PipeType.V, ffts_mode=2, core_type=pl.KernelType.AIV)
