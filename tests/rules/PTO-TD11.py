# rule: PTO-TD11
# line: 11
# message: pl operation 'matmul': tensor.matmul requires matching inner dimensions for batched matmul, but got lhs K=128 and rhs K=64
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[2, 64, 128], pl.FP16], b: pl.Tensor[[2, 64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.matmul(a, b)


@pl.jit
def twin(a: pl.Tensor[[2, 64, 128], pl.FP16], b: pl.Tensor[[2, 64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.matmul(b, b)
