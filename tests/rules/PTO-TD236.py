# rule: PTO-TD236
# line: 19
# message: pl operation 'mgather': The operator tile.mgather Mat elem scratch shape must be static
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

S = pl.dynamic("S")


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(
        self,
        table: pl.Tensor[[64, 64], pl.FP32],
        ids: pl.Tensor[[16, 64], pl.INT32],
        work: pl.Tensor[[S], pl.FP32],
    ):
        vals = pl.mgather(table, ids, coalesce="elem", target_memory=pl.Mem.Mat, scratch=work)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(
        self,
        table: pl.Tensor[[64, 64], pl.FP32],
        ids: pl.Tensor[[16, 64], pl.INT32],
        work: pl.Tensor[[S], pl.FP32],
    ):
        vals = pl.mgather(
            table, ids, coalesce="elem", target_memory=pl.Mem.Mat, scratch=pl.tensor.view(work, [1024])
        )
