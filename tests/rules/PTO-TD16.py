# rule: PTO-TD16
# line: 11
# message: pl operation 'matmul': tensor.matmul requires both tensors to have at least 2 dimensions for batched matmul, but got lhs shape size 3 and rhs shape size 1
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[2, 64, 64], pl.FP16], v: pl.Tensor[[64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.matmul(a, v)


@pl.jit
def twin(a: pl.Tensor[[2, 64, 64], pl.FP16], v: pl.Tensor[[64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.matmul(a, a)
