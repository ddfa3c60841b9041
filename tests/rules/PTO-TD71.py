# rule: PTO-TD71
# line: 11
# message: pl operation 'shl': The operator tensor.shls requires a non-negative shift count, but got -1. A negative shift distance has no defined result.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.shl(a, -1)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.shl(a, 1)
