# rule: PTO-F96
# line: 12
# message: pl.const() requires exactly 2 arguments: value and dtype
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        t = pl.load(x, [0, 0], [64, 64])
        c = pl.const(1)
        t = pl.add(t, c)
        out = pl.store(t, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        t = pl.load(x, [0, 0], [64, 64])
        c = pl.const(1, pl.FP32)
        t = pl.add(t, c)
        out = pl.store(t, [0, 0], out)
    return out
