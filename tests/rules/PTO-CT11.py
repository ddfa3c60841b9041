# rule: PTO-CT11
# line: 11
# message: tensor.scatter with element dtype FP16 uses INT16 flattened indices, but the destination is too large: rows(256) * cols(256) exceeds the INT16 index range (max flat index 32767, rows <= 128). Use a smaller tile or split the scatter into chunks.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[256, 256], pl.FP16], idx: pl.Tensor[[256, 8], pl.INT16], src: pl.Tensor[[256, 8], pl.FP16], out: pl.Out[pl.Tensor[[256, 256], pl.FP16]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = pl.scatter(x, dim=-1, index=idx, src=src)
    return out


@pl.jit
def twin(x: pl.Tensor[[128, 256], pl.FP16], idx: pl.Tensor[[128, 8], pl.INT16], src: pl.Tensor[[128, 8], pl.FP16], out: pl.Out[pl.Tensor[[128, 256], pl.FP16]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.scatter(x, dim=-1, index=idx, src=src)
    return out
