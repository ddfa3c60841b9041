# rule: PTO-WR20
# line: 11
# message: pl.tensor operation 'div': tensor.div(high_precision=True) requires a Tensor rhs
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], h: pl.Tensor[[64, 32], pl.FP32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.div(x, 2.0, high_precision=True)


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], h: pl.Tensor[[64, 32], pl.FP32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.div(x, s, high_precision=True)
