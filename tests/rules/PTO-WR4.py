# rule: PTO-WR4
# line: 11
# message: pl.row_sum: Tensor inputs must not pass tmp_tile — the scratch tile is allocated during Tensor-to-Tile lowering
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.row_sum(a, a)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.row_sum(a)
