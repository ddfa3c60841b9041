# rule: PTO-TD105
# line: 11
# message: pl operation 'col_expand_mul': The operator tensor.col_expand_mul requires matching column dimensions, but got tensor cols=64 and col_vec cols=32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[1, 32], pl.FP32], w: pl.Tensor[[1, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.col_expand_mul(a, v)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[1, 32], pl.FP32], w: pl.Tensor[[1, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.col_expand_mul(a, w)
