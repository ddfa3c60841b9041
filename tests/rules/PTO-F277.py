# rule: PTO-F277
# line: 11
# message: pl.cast: Scalar inputs do not support non-default mode, got mode='floor'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        rows = pl.cast(pl.tensor.dim(x, 0), pl.FP32, mode="floor")
        t = pl.load(x, [0, 0], [64, 64])
        scaled = pl.mul(t, rows)
        out = pl.store(scaled, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        rows = pl.cast(pl.tensor.dim(x, 0), pl.FP32, mode="round")
        t = pl.load(x, [0, 0], [64, 64])
        scaled = pl.mul(t, rows)
        out = pl.store(scaled, [0, 0], out)
    return out
