# rule: PTO-TD142
# line: 11
# message: pl operation 'cast': Invalid rounding mode 'nearest'. Expected one of ['none', 'rint', 'round', 'floor', 'ceil', 'trunc', 'odd'].
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.cast(a, pl.FP16, mode="nearest")


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.cast(a, pl.FP16, mode="rint")
