# rule: PTO-F284
# line: 11
# message: Subscript requires Tuple, Tensor, Tile, or Array type, got ScalarType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    n = pl.tensor.dim(x, 0)
    m = n[0]
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        out = pl.assemble(out, pl.add(x, x), [0, 0])
    if m > 0:
        out = pl.assemble(out, pl.add(x, x), [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    n = pl.tensor.dim(x, 0)
    m = n + 0
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        out = pl.assemble(out, pl.add(x, x), [0, 0])
    if m > 0:
        out = pl.assemble(out, pl.add(x, x), [0, 0])
    return out
