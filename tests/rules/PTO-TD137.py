# rule: PTO-TD137
# line: 11
# message: pl.tensor operation 'ci': tensor.ci only populates the first row because pto.tci ignores valid rows; leading dimensions must be 1, but got 4 at index 0
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.ci(0, [4, 64], dtype=pl.INT32)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.ci(0, [1, 64], dtype=pl.INT32)
