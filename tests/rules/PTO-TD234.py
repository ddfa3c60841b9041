# rule: PTO-TD234
# line: 14
# message: pl operation 'mgather': The operator tile.mgather row mode requires a static [1, R] or [R, 1] idx shape
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

R = pl.dynamic("R")


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, table: pl.Tensor[[256, 64], pl.FP32], ids: pl.Tensor[[1, R], pl.INT32]):
        rows = pl.mgather(table, pl.load(ids, [0, 0], [1, R]))


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, table: pl.Tensor[[256, 64], pl.FP32], ids: pl.Tensor[[1, R], pl.INT32]):
        rows = pl.mgather(table, pl.load(ids, [0, 0], [1, 64]))
