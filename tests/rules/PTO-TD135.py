# rule: PTO-TD135
# line: 11
# message: pl operation 'transpose': tensor.transpose requires at least 2 dimensions, but got 1
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[1, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.transpose(a, 0, 1)


@pl.jit
def twin(a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[1, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.transpose(b, 0, 1)
