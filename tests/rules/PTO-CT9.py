# target: a5
# rule: PTO-CT9
# line: 12
# message: tensor.gather (A5) with INT16 indices: rows(256) * src_cols(256) exceeds the INT16 index range (max flat index 32767, rows <= 128).
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[256, 256], pl.FP16], idx: pl.Tensor[[256, 16], pl.INT16], out: pl.Out[pl.Tensor[[256, 16], pl.FP16]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = pl.gather(x, -1, idx)
    return out


@pl.jit
def twin(x: pl.Tensor[[128, 256], pl.FP16], idx: pl.Tensor[[128, 16], pl.INT16], out: pl.Out[pl.Tensor[[128, 16], pl.FP16]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.gather(x, -1, idx)
    return out
