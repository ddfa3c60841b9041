# rule: PTO-TD237
# line: 14
# message: pl operation 'mgather': The operator tile.mgather Mat output shape must be static
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

R = pl.dynamic("R")


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, table: pl.Tensor[[R, 64], pl.FP32], ids: pl.Tensor[[1, R], pl.INT32]):
        rows = pl.mgather(table, ids, target_memory=pl.Mem.Mat)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, table: pl.Tensor[[R, 64], pl.FP32], ids: pl.Tensor[[1, R], pl.INT32]):
        rows = pl.mgather(table, pl.tensor.view(ids, [1, 64]), target_memory=pl.Mem.Mat)
