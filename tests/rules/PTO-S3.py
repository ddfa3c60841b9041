# rule: PTO-S3
# line: 12
# message: SplitVectorKernel: tile.reshape moves the split axis (dim 1) across a layout this pass cannot track under split; keep the reduction/reshape out of the split scope.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[4096, 1], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)], name_hint="faulty"):
        acc = pl.matmul(x, w)
        out[:] = pl.reshape(pl.exp(acc), [4096, 1])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[4096, 1], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="twin"):
        acc = pl.matmul(x, w)
        out[:] = pl.reshape(pl.exp(acc), [4096, 1])
    return out
