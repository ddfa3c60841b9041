# rule: PTO-CT7
# line: 11
# message: scatter_update: only 2D input/src is currently supported in lowering, got input rank 4 and src rank 4
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(cache: pl.Tensor[[4, 64, 1, 128], pl.FP32], idx: pl.Tensor[[2, 4], pl.INT32], rows: pl.Tensor[[2, 4, 1, 128], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        cache = pl.scatter_update(cache, -2, idx, rows)
    return cache


@pl.jit
def twin(cache: pl.Tensor[[64, 128], pl.FP32], idx: pl.Tensor[[8, 1], pl.INT32], rows: pl.Tensor[[8, 128], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        cache = pl.scatter_update(cache, -2, idx, rows)
    return cache
