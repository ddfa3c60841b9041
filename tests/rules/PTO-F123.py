# rule: PTO-F123
# line: 12
# message: pl.while_() requires init_values
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        t = pl.load(x, [0, 0], [64, 64])
        for (a,) in pl.while_():
            pl.cond(True)
            a = pl.exp(a)
            a_next = pl.yield_(a)
        out = pl.store(t, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        t = pl.load(x, [0, 0], [64, 64])
        for (a,) in pl.while_(init_values=(t,)):
            pl.cond(True)
            a = pl.exp(a)
            a_next = pl.yield_(a)
        out = pl.store(t, [0, 0], out)
    return out
