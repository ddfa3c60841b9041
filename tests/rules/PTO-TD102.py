# rule: PTO-TD102
# line: 11
# message: pl operation 'row_expand_mul': The operator tensor.row_expand_mul requires second argument to have at least 2 dimensions, but got 1 dimensions
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.row_expand_mul(a, v)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.row_expand_mul(a, pl.reshape(v, [64, 1]))
