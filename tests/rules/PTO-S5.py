# rule: PTO-S5
# line: 12
# message: SplitVectorKernel: tile.reinterpret_view with an explicit shape inside a split kernel must match its auto-inferred shape. Omit shape= (recommended), or move an arbitrary byte-equivalent reinterpret_view outside the split scope.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 128], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="faulty"):
        acc = pl.matmul(x, w)
        out[:] = pl.reinterpret_view(pl.exp(acc), pl.INT32, shape=[32, 128])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="twin"):
        acc = pl.matmul(x, w)
        out[:] = pl.reinterpret_view(pl.exp(acc), pl.INT32)
    return out
