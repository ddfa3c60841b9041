# rule: PTO-F230
# line: 8
# message: @pl.jit.inline does not accept a level= argument
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit.inline(level=pl.Level.CORE_GROUP)
def faulty(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    t = pl.load(x, [0], [64])
    y = pl.store(t, [0], y)
    return y


@pl.jit.inline
def twin(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    t = pl.load(x, [0], [64])
    y = pl.store(t, [0], y)
    return y


@pl.jit
def entry(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    y = twin(x, y)
    return y
