# rule: PTO-WR15
# line: 11
# message: pl.tensor operation 'fillpad': fillpad pad_value only accepts the integer literal 0 (mapped to PadValue.zero); got 1. Use pl.PadValue.zero / pl.PadValue.max / pl.PadValue.min, or one of the literals 0, 0.0, math.inf, -math.inf.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.fillpad(a, pad_value=1)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.fillpad(a, pad_value=0)
