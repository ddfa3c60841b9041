# rule: PTO-TD239
# line: 13
# message: pl.tensor operation 'reshape': tensor.reshape: cannot reshape a partially-valid [64, N] because dimension 1 has the runtime extent N. Mapping the real data into [32, 128] needs its size at compile time; use a static shape, or reshape before narrowing.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

N = pl.dynamic("N")


@pl.jit
def faulty(d: pl.Tensor[[64, N], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        flat = pl.tensor.reshape(pl.tensor.set_validshape(d, 32, N), [32, 128])
    return out


@pl.jit
def twin(d: pl.Tensor[[64, N], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        flat = pl.tensor.reshape(pl.tensor.set_validshape(d, 32, N), [64, N])
    return out
