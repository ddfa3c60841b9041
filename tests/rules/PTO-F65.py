# rule: PTO-F65
# line: 12
# message: static_print() requires at least 1 argument
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    pl.static_print()
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.mul(x, 2.0), [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    pl.static_print("tile", TILE)
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.mul(x, 2.0), [0, 0])
    return out
