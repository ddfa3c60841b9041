# rule: PTO-CT14
# line: 11
# message: The operator tile.row_max requires at least a 2D tile, but got 1 dimensions
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[1, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.row_max(a)


@pl.jit
def twin(a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[1, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.row_max(b)
