# rule: PTO-F284b
# line: 11
# message: Array subscript requires a single index (rank-1 in v1)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    arr = pl.array.create(4, pl.INT32)
    v = arr[0, 1]
    arr[2] = v
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out = pl.assemble(out, pl.add(x, x), [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    arr = pl.array.create(4, pl.INT32)
    v = arr[1]
    arr[2] = v
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out = pl.assemble(out, pl.add(x, x), [0, 0])
    return out
