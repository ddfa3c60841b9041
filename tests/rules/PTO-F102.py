# rule: PTO-F102
# line: 10
# message: pl.at(dumps=[...]) references unknown name 'y'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty", dumps=[y]):
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(t, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin", dumps=[out]):
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(t, [0, 0], out)
    return out
