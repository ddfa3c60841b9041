# rule: PTO-TD128
# line: 11
# message: pl operation 'slice': tensor.slice drop_dims index 0 must select a static unit dimension (rank reduction only erases size-1 dims), but dim 0 is 4
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.slice(a, [4, 64], [0, 0], drop_dims=[0])


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.slice(a, [1, 64], [0, 0], drop_dims=[0])
