# rule: PTO-TD5
# line: 11
# message: pl operation 'reshape': The operator tensor.reshape requires the same number of elements, but got [64, 64] (4096 elements) and [64, 32] (2048 elements)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.reshape(a, [64, 32])


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.reshape(a, [32, 128])
