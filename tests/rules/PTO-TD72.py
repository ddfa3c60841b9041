# rule: PTO-TD72
# line: 11
# message: pl operation 'div': The operator tensor.div requires operand dtype in {INT16, INT32, FP16, FP32}, but got int8
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.INT8]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.div(a, a)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.INT8]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.mul(a, a)
