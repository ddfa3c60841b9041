# rule: PTO-F9
# line: 13
# message: Failed to evaluate expression 'pl.MemorySpace.L9': L9
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        t = pl.load(x, [0, 0], [64, 64], target_memory=pl.MemorySpace.L9)
        out = pl.store(pl.exp(t), [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        t = pl.load(x, [0, 0], [64, 64], target_memory=pl.MemorySpace.Vec)
        out = pl.store(pl.exp(t), [0, 0], out)
    return out
