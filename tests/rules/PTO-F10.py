# rule: PTO-F10
# line: 13
# message: Cannot resolve expression 'cfg.rows': name 'cfg' is not defined
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

ROWS = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        t = pl.load(x, [0, 0], [cfg.rows, 64])
        out = pl.store(pl.exp(t), [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        t = pl.load(x, [0, 0], [ROWS, 64])
        out = pl.store(pl.exp(t), [0, 0], out)
    return out
