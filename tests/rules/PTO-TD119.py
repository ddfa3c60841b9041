# rule: PTO-TD119
# line: 11
# message: pl.tensor operation 'read': tensor.read indices count (1) must match tensor rank (2)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        v = pl.tensor.read(a, [0])


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        v = pl.tensor.read(a, [0, 0])
