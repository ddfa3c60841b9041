# rule: PTO-F132
# line: 9
# message: Tensor requires [shape, dtype], [shape, dtype, layout_or_memref], or [shape, dtype, layout, memref] notation
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64]], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(t, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(t, [0, 0], out)
    return out
