# rule: PTO-E1
# line: 14
# message: ExpandMixedKernel: kernel 'faulty_faulty' requests pl.split(UP_DOWN) but contains a tile.transpose (result 't') that swaps the split axis (dim 0). SplitVectorKernel halves the split axis while the transpose moves that data to the other dimension, so the split cannot be applied correctly. Fix it one of two ways: (1) drop the split — set attrs={"split": pl.SplitMode.NONE} (or remove the pl.split optimization); or (2) eliminate this transpose, e.g. replace a transpose-then-row-index with a direct column slice such as pre[:, h:h+1].
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="faulty"):
        y = pl.exp(pl.matmul(x, w))
        t = pl.transpose(y, 0, 1)
        out[:] = t
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="twin"):
        y = pl.exp(pl.matmul(x, w))
        out[:] = pl.exp(y)
    return out


@pl.jit
def singleton_twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], col: pl.Out[pl.Tensor[[64, 1], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="singleton_twin"):
        y = pl.exp(pl.matmul(x, w))
        # The split axis (dim 0) of `b` is statically 1: the transpose moves no split data.
        t = pl.transpose(pl.exp(b), 0, 1)
        out[:] = y
        col[:] = t
    return out, col
