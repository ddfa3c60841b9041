# rule: PTO-TD4
# line: 11
# message: pl operation 'concat': The operator tensor.concat requires inputs of the same rank, but got [64, 64] and [64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.concat(a, b)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.concat(a, a)
