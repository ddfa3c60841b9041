# rule: PTO-TD112
# line: 11
# message: pl.tensor operation 'paged_gather': The operator tensor.paged_gather requires 1D or 2D indices, but got rank 3
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[512, 64], pl.FP16], i: pl.Tensor[[1, 2, 32], pl.INT32], t: pl.Tensor[[16], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.paged_gather(a, i, t, 32, 64, 64)


@pl.jit
def twin(a: pl.Tensor[[512, 64], pl.FP16], i: pl.Tensor[[64], pl.INT32], t: pl.Tensor[[16], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.paged_gather(a, i, t, 32, 64, 64)
