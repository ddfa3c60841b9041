# rule: PTO-TD121
# line: 11
# message: pl.tensor operation 'fillpad_expand': tensor.fillpad_expand destination dimension 0 (32) must be >= source dimension (64)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.fillpad_expand(a, [32, 64])


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.fillpad_expand(a, [64, 64])
