# rule: PTO-CT7b
# line: 11
# message: scatter_update: BF16 dst has m*d = 65536 elements, exceeding the i16 flat-index limit (32767); reduce dst rows*cols or use a 4-byte dtype
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(cache: pl.Tensor[[512, 128], pl.BF16], idx: pl.Tensor[[8, 1], pl.INT32], rows: pl.Tensor[[8, 128], pl.BF16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        cache = pl.scatter_update(cache, -2, idx, rows)
    return cache


@pl.jit
def twin(cache: pl.Tensor[[512, 128], pl.FP32], idx: pl.Tensor[[8, 1], pl.INT32], rows: pl.Tensor[[8, 128], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        cache = pl.scatter_update(cache, -2, idx, rows)
    return cache
