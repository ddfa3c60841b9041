# rule: PTO-CT10
# line: 16
# message: tensor.paged_gather: indices length (64) exceeds max_indices (32)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(
    cache: pl.Tensor[[1024, 128], pl.FP16],
    idx: pl.Tensor[[64], pl.INT32],
    table: pl.Tensor[[16], pl.INT32],
    out: pl.Out[pl.Tensor[[64, 128], pl.FP16]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        rows = pl.paged_gather(cache, idx, table, 64, 128, 32)
        out[:] = rows
    return out


@pl.jit
def twin(
    cache: pl.Tensor[[1024, 128], pl.FP16],
    idx: pl.Tensor[[64], pl.INT32],
    table: pl.Tensor[[16], pl.INT32],
    out: pl.Out[pl.Tensor[[64, 128], pl.FP16]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        rows = pl.paged_gather(cache, idx, table, 64, 128, 64)
        out[:] = rows
    return out
