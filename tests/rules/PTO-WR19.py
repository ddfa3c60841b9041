# rule: PTO-WR19
# line: 14
# message: pl.tile operation 'scatter_update': index must be Expr, got <class 'pypto.language.typing.tensor.Tensor'>
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, table: pl.Tensor[[64, 64], pl.FP32], rows: pl.Tensor[[1, 8], pl.INT32], upd: pl.Tensor[[8, 64], pl.FP32]):
        t = pl.load(table, [0, 0], [64, 64])
        u = pl.load(upd, [0, 0], [8, 64])
        out = pl.tile.scatter_update(t, -2, rows, u)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, table: pl.Tensor[[64, 64], pl.FP32], rows: pl.Tensor[[1, 8], pl.INT32], upd: pl.Tensor[[8, 64], pl.FP32]):
        t = pl.load(table, [0, 0], [64, 64])
        u = pl.load(upd, [0, 0], [8, 64])
        r = pl.load(rows, [0, 0], [1, 8])
        out = pl.tile.scatter_update(t, -2, r, u)
