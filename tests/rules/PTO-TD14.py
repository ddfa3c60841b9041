# rule: PTO-TD14
# line: 11
# message: pl operation 'matmul': tensor.matmul requires lhs to have at least 1 dimension
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(s: pl.Tensor[[], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.matmul(s, b)


@pl.jit
def twin(s: pl.Tensor[[], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.matmul(b, b)
