# rule: PTO-TD136
# line: 11
# message: pl operation 'transpose': tensor.transpose: axis1 and axis2 must be different, but got axis1=1, axis2=1
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.transpose(a, 1, -1)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.transpose(a, 0, -1)
