# rule: PTO-TD87
# line: 11
# message: pl operation 'not_': tensor.not requires an int16 or uint16 tensor dtype, but got fp32. Reinterpret or cast the tensor to a 16-bit integer dtype first.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.not_(a)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.not_(pl.cast(a, pl.INT16))
