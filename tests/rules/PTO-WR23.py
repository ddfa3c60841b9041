# rule: PTO-WR23
# line: 11
# message: pl.tensor operation 'transpose': axis1 must be int or ConstInt, got <class 'pypto.pypto_core.ir.ConstFloat'>
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], h: pl.Tensor[[64, 32], pl.FP32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.transpose(x, 0.5, 1)


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], h: pl.Tensor[[64, 32], pl.FP32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.transpose(x, 0, 1)
