# rule: PTO-TD3
# line: 11
# message: pl operation 'row_expand_div': The operator tensor.row_expand_div requires second argument's last dimension to be 1, but got [1, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[1, 64], pl.FP32], w: pl.Tensor[[64, 1], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.row_expand_div(a, v)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[1, 64], pl.FP32], w: pl.Tensor[[64, 1], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.row_expand_div(a, w)
