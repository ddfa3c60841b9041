# rule: PTO-S2
# line: 12
# message: SplitVectorKernel: tile.reshape moves an ODD split axis (dim 0, extent 63) onto a result whose dim 0 cannot carry it, and an odd axis cannot be tracked through the reshape (its two lanes hold different extents). Pad that axis to an even extent and narrow it back with pl.tile.set_validshape(...), or keep the reshape out of the split scope.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[63, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 126], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="faulty"):
        acc = pl.matmul(x, w)
        out[:] = pl.reshape(pl.exp(acc), [32, 126])
    return out


@pl.jit
def twin(x: pl.Tensor[[63, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[63, 2, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="twin"):
        acc = pl.matmul(x, w)
        out[:] = pl.reshape(pl.exp(acc), [63, 2, 32])
    return out
