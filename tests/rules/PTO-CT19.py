# rule: PTO-CT19
# line: 11
# message: Invalid type for kwarg key: target_type, expected DataType, but got int
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP16]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = pl.tensor.cast(a, target_type=3)
    return out


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP16]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.tensor.cast(a, target_type=pl.FP16)
    return out
