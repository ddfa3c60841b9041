# rule: PTO-TD53
# line: 14
# message: pl.prefetch operation 'async_prefetch': prefetch.async_prefetch expects src to be a GM Tensor (prefetch reads global memory), got TileType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[1, 4096], pl.FP16]):
        ctx = pl.prefetch.make_context()
        t = pl.load(a, [0, 0], [1, 64])
        ev = pl.prefetch.async_prefetch(t, ctx)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[1, 4096], pl.FP16]):
        ctx = pl.prefetch.make_context()
        ev = pl.prefetch.async_prefetch(a, ctx)
