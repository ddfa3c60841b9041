# rule: PTO-S1
# line: 14
# message: SplitVectorKernel: reduce op 'tile.row_sum' reduces on the split axis (dim 1); partial reduction in a split kernel is not supported
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)], name_hint="faulty"):
        y = pl.exp(pl.matmul(x, w))
        s = pl.row_sum(y)
        out[:] = pl.row_expand_div(y, s)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="twin"):
        y = pl.exp(pl.matmul(x, w))
        s = pl.row_sum(y)
        out[:] = pl.row_expand_div(y, s)
    return out
