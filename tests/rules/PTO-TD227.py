# rule: PTO-TD227
# line: 14
# message: pl.prefetch operation 'async_prefetch': prefetch.async_prefetch expects src to have a fully static shape, but dimension 1 is dynamic; async prefetch needs a compile-time byte extent
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.Orchestration)
    def faulty(self, p: pl.Tensor[[1, N], pl.FP32]):
        ev = pl.prefetch.async_prefetch(p, pl.prefetch.make_context())


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.Orchestration)
    def twin(self, p: pl.Tensor[[1, 4096], pl.FP32]):
        ev = pl.prefetch.async_prefetch(p, pl.prefetch.make_context())
