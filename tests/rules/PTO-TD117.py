# rule: PTO-TD117
# line: 11
# message: pl.tensor operation 'set_validshape': tensor.set_validshape requires a 2D tensor, but got rank 3
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[2, 64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.set_validshape(a, 32, 32)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.set_validshape(a, 32, 32)
