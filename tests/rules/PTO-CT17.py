# rule: PTO-CT17
# line: 11
# message: tensor.scatter_update conversion: src rows (8) must match index size (b * s = 4)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[1, 4], pl.INT32], s: pl.Tensor[[8, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.scatter_update(a, -2, i, s)
    return r


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[1, 8], pl.INT32], s: pl.Tensor[[8, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.scatter_update(a, -2, i, s)
    return r
