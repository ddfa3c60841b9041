# rule: PTO-WR13
# line: 11
# message: pl.tensor operation 'gather': gather() index form requires both dim and index
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[64, 8], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.gather(a, index=i)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[64, 8], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.gather(a, -1, i)
