# rule: PTO-TD15
# line: 11
# message: pl operation 'matmul': tensor.matmul dot product requires matching dimensions, but got lhs K=64 and rhs K=32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(u: pl.Tensor[[64], pl.FP16], v: pl.Tensor[[32], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.matmul(u, v)


@pl.jit
def twin(u: pl.Tensor[[1, 64], pl.FP16], v: pl.Tensor[[64, 32], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.matmul(u, v)
