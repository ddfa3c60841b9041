# rule: PTO-WR18
# line: 11
# message: pl.tensor operation 'rsqrt': Unsupported kwarg type for key: high_precision
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = pl.tensor.rsqrt(a, a)
    return out


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.tensor.rsqrt(a, True)
    return out
