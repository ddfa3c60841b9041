# rule: PTO-TD55
# line: 12
# message: pl.prefetch operation 'async_prefetch': prefetch.async_prefetch expects src to be a flat contiguous logical 1D GM region (all dimensions except the last must be 1), but dimension 0 is 64; reshape the tensor to [N] or [1, ..., N] before prefetching
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP16], f: pl.Tensor[[1, 4096], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        ctx = pl.prefetch.make_context()
        ev = pl.prefetch.async_prefetch(a, ctx)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP16], f: pl.Tensor[[1, 4096], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        ctx = pl.prefetch.make_context()
        ev = pl.prefetch.async_prefetch(f, ctx)
