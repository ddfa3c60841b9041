# rule: PTO-TD146
# line: 12
# message: pl.prefetch operation 'session': prefetch.session expects ctx to be a PrefetchAsyncContext (output of prefetch.make_context), got TensorType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], p: pl.Tensor[[1, 4096], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    ctx = pl.prefetch.make_context()
    ev = pl.prefetch.async_prefetch(p, ctx)
    s = pl.prefetch.session(p)
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.exp(a), [0, 0])
    return out


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], p: pl.Tensor[[1, 4096], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    ctx = pl.prefetch.make_context()
    ev = pl.prefetch.async_prefetch(p, ctx)
    s = pl.prefetch.session(ctx)
    r = pl.prefetch.wait(ev, s)
    with pl.at(level=pl.Level.CORE_GROUP):
        out = pl.assemble(out, pl.exp(a), [0, 0])
    return out
