# rule: PTO-TD54
# line: 12
# message: pl.prefetch operation 'async_prefetch': prefetch.async_prefetch expects src to have rank >= 1, got a rank-0 tensor
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(s: pl.Tensor[[], pl.FP16], a: pl.Tensor[[1, 4096], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        ctx = pl.prefetch.make_context()
        ev = pl.prefetch.async_prefetch(s, ctx)


@pl.jit
def twin(s: pl.Tensor[[], pl.FP16], a: pl.Tensor[[1, 4096], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        ctx = pl.prefetch.make_context()
        ev = pl.prefetch.async_prefetch(a, ctx)
