# rule: PTO-TD5
# line: 11
# message: pl operation 'reshape': tensor.reshape: cannot reshape tensor of size 4096 into shape with size 2048
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
