# rule: PTO-F2
# line: 13
# message: Unknown pl.tile operation: lod
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out = pl.store(pl.exp(pl.tile.lod(x, [0, 0], [64, 64])), [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out = pl.store(pl.exp(pl.tile.load(x, [0, 0], [64, 64])), [0, 0], out)
    return out
