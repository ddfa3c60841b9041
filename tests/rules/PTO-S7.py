# rule: PTO-S7
# line: 14
# message: SplitVectorKernel: tile.reinterpret_view over a full-width source requires a static split extent so the pass can materialize a per-lane slice. Split/load the source before reinterpret_view, or move reinterpret_view outside the split scope.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

M = pl.dynamic("M")


@pl.jit
def faulty(x: pl.Tensor[[M, 64], pl.FP32], a: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[M, 64], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="faulty"):
        acc = pl.matmul(a, w)
        bits = pl.reinterpret_view(x, pl.INT32)
        out[0:64, :] = pl.add(bits[0:64, :], pl.cast(acc, pl.INT32))
    return out


@pl.jit
def twin(x: pl.Tensor[[M, 64], pl.FP32], a: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[M, 64], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="twin"):
        acc = pl.matmul(a, w)
        bits = pl.reinterpret_view(x[0:64, :], pl.INT32)
        out[0:64, :] = pl.add(bits, pl.cast(acc, pl.INT32))
    return out
