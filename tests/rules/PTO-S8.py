# rule: PTO-S8
# line: 12
# message: SplitVectorKernel: tile.reinterpret_view over a full-width source requires a static target shape so the pass can materialize a per-lane slice. Split/load the source before reinterpret_view, or move reinterpret_view outside the split scope.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="faulty"):
        acc = pl.matmul(x, w)
        out[:] = pl.add(pl.reinterpret_view(x, pl.INT32, shape=[n, 64]), pl.cast(acc, pl.INT32))
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="twin"):
        acc = pl.matmul(x, w)
        out[:] = pl.add(pl.reinterpret_view(x, pl.INT32), pl.cast(acc, pl.INT32))
    return out
