# rule: PTO-F110
# line: 11
# message: an AUTO scope may not be nested inside a manual scope
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit(auto_scope=False)
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.manual_scope():
        with pl.scope():
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
                t = pl.load(x, [0, 0], [64, 64])
                out = pl.store(t, [0, 0], out)
    return out


@pl.jit(auto_scope=False)
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.scope():
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
            t = pl.load(x, [0, 0], [64, 64])
            out = pl.store(t, [0, 0], out)
    return out
