# rule: PTO-F275
# line: 12
# message: Shape dimension mismatch in IfStmt: then yield value[0] dimension[0] = 32, but else yield value[0] dimension[0] = 64
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        full = pl.load(x, [0, 0], [64, 64])
        if x.shape[0] > 32:
            top = pl.load(x, [0, 0], [32, 64])
            picked = pl.yield_(top)
        else:
            picked = pl.yield_(full)
        out = pl.store(full, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        full = pl.load(x, [0, 0], [64, 64])
        if x.shape[0] > 32:
            top = pl.load(x, [0, 0], [64, 64])
            picked = pl.yield_(top)
        else:
            picked = pl.yield_(full)
        out = pl.store(picked, [0, 0], out)
    return out
