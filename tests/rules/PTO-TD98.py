# rule: PTO-TD98
# line: 11
# message: pl operation 'row_min': The operator tensor.row_min requires input dtype in {INT16, INT32, FP16, FP32}, but got bfloat16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.BF16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.row_min(a)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.BF16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.row_max(a)
