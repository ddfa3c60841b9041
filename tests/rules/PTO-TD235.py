# rule: PTO-TD235
# line: 19
# message: pl operation 'mgather': The operator tile.mgather Mat elem output shape must be static
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

R = pl.dynamic("R")


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(
        self,
        table: pl.Tensor[[64, 64], pl.FP32],
        ids: pl.Tensor[[R, 64], pl.INT32],
        work: pl.Tensor[[4096], pl.FP32],
    ):
        vals = pl.mgather(table, ids, coalesce="elem", target_memory=pl.Mem.Mat, scratch=work)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(
        self,
        table: pl.Tensor[[64, 64], pl.FP32],
        ids: pl.Tensor[[R, 64], pl.INT32],
        work: pl.Tensor[[4096], pl.FP32],
    ):
        vals = pl.mgather(
            table, pl.tensor.view(ids, [16, 64]), coalesce="elem", target_memory=pl.Mem.Mat, scratch=work
        )
