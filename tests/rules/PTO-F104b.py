# rule: PTO-F104b
# line: 10
# message: pl.at(no_dep_args=[...]) lists 'x' more than once
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty", no_dep_args=[x, x]):
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(t, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin", no_dep_args=[x]):
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(t, [0, 0], out)
    return out
