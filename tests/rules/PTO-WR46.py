# rule: PTO-WR46
# line: 11
# message: pl.tensor operation 'transpose': axis1 must be int or ConstInt, got <class 'pypto.language.typing.tensor.Tensor'>
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[64, 8], pl.INT32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.transpose(x, s, 1)


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[64, 8], pl.INT32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.transpose(x, 0, 1)
