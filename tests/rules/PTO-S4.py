# rule: PTO-S4
# line: 13
# message: SplitVectorKernel: tile.reshape moves the split axis from dim 0 to dim 1 inside a split region whose ragged boundary was balanced across the two AIV lanes. The two partitions cannot be reconciled: pad the boundary tile's valid extent to its physical box with pl.tile.set_validshape(...), or move the reshape out of the split scope.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[1, 64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="faulty"):
        acc = pl.matmul(x, w, out_dtype=pl.FP32)
        acc = pl.set_validshape(acc, 40, 64)
        out[:] = pl.reshape(pl.exp(acc), [1, 64, 64])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 2, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="twin"):
        acc = pl.matmul(x, w, out_dtype=pl.FP32)
        acc = pl.set_validshape(acc, 40, 64)
        out[:] = pl.reshape(pl.exp(acc), [64, 2, 32])
    return out
