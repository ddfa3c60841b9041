# rule: PTO-S6
# line: 12
# message: SplitVectorKernel: automatic split-axis halving of 'tile.ci' is not supported because its generated values depend on position. Move the operation outside the automatically-halved split region.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)], name_hint="faulty"):
        acc = pl.matmul(x, w)
        pos = pl.cast(pl.arange(0, [1, 64], pl.INT32), pl.FP32)
        out[:] = pl.add(acc, pos)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="twin"):
        acc = pl.matmul(x, w)
        pos = pl.cast(pl.arange(0, [1, 64], pl.INT32), pl.FP32)
        out[:] = pl.add(acc, pos)
    return out
