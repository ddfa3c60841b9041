# rule: PTO-F284c
# line: 14
# message: Tuple index must be an integer
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    k = pl.tensor.dim(x, 0)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        pair = (t, pl.add(t, t))
        a = pair["a"]
        out = pl.store(a, [0, 0], out)
    if k > 0:
        out = pl.assemble(out, pl.add(x, x), [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    k = pl.tensor.dim(x, 0)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        pair = (t, pl.add(t, t))
        a = pair[1]
        out = pl.store(a, [0, 0], out)
    if k > 0:
        out = pl.assemble(out, pl.add(x, x), [0, 0])
    return out
