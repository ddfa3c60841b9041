# rule: PTO-CT3
# line: 11
# message: tensor.slice conversion does not support rank-0 tiles; keep one unit axis or use tensor.read for a scalar result
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        pivot = pl.slice(x, [1, 1], [3, 4], drop_dims=[0, 1])
        out[:] = pl.mul(x, pivot)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        pivot = pl.read(x, [3, 4])
        out[:] = pl.mul(x, pivot)
    return out
