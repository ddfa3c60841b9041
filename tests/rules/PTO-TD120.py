# rule: PTO-TD120
# line: 11
# message: pl.tensor operation 'set_validshape': tensor.set_validshape valid_rows (128) exceeds tensor bound 64
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.set_validshape(a, 128, 32)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.set_validshape(a, 64, 32)
