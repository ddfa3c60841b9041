# rule: PTO-F50
# line: 11
# message: pl.system.task_dummy does not accept keyword argument 'dep'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.system.task_dummy(dep=[])
    return out


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.system.task_dummy(deps=[])
    return out
