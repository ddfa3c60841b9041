# rule: PTO-TD116
# line: 11
# message: pl.tensor operation 'scatter_update': tensor.scatter_update: index dtype must be integer, got fp32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[2, 4], pl.FP32], s: pl.Tensor[[8, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.scatter_update(a, -2, i, s)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[2, 4], pl.INT32], s: pl.Tensor[[8, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.scatter_update(a, -2, i, s)
