# rule: PTO-WR50
# line: 11
# message: pl.tensor operation 'scatter_update': scatter_update requires input, dim, index, and src
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[8, 8], pl.INT32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.scatter_update(x, dim=-2, index=i)


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[8, 8], pl.INT32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.scatter_update(x, dim=-2, index=i, src=s)
