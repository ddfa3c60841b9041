# rule: PTO-TD140
# line: 11
# message: pl.tensor operation 'expand_clone': tensor.expand_clone only allows broadcasting from dimension 1, but input shape [1, 16, 64] cannot be expanded to [4, 16, 32] at dim 2 (got 64 -> 32)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[1, 16, 64], pl.FP32], b: pl.Tensor[[4, 16, 32], pl.FP32], c: pl.Tensor[[4, 16, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.expand_clone(a, b)


@pl.jit
def twin(a: pl.Tensor[[1, 16, 64], pl.FP32], b: pl.Tensor[[4, 16, 32], pl.FP32], c: pl.Tensor[[4, 16, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.expand_clone(a, c)
