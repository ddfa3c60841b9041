# rule: PTO-TD17
# line: 11
# message: pl operation 'matmul': Cannot broadcast batch dimensions for tensor.matmul
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[2, 64, 64], pl.FP16], b: pl.Tensor[[3, 64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.matmul(a, b)


@pl.jit
def twin(a: pl.Tensor[[2, 64, 64], pl.FP16], b: pl.Tensor[[3, 64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.matmul(a, a)
