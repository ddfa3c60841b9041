# rule: PTO-SG5
# line: 11
# message: pl.system operation 'sync_set': sync_set() missing 1 required keyword-only argument: 'pipe'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        pl.system.sync_set(1)
        out[:] = pl.exp(x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        pl.system.sync_set(1, pipe=pl.PipeType.V)
        out[:] = pl.exp(x)
    return out
