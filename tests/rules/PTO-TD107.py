# rule: PTO-TD107
# line: 11
# message: pl operation 'row_expand_add': The operator tensor.row_expand_add requires dtype in {INT8, INT16, INT32, FP16, FP32}, but got bfloat16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.BF16], v: pl.Tensor[[64, 1], pl.BF16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.row_expand_add(a, v)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.BF16], v: pl.Tensor[[64, 1], pl.BF16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.row_expand_mul(a, v)
