# rule: PTO-TD147
# line: 11
# message: pl.tensor operation 'reinterpret_view': tensor.reinterpret_view requires source and target dtypes to differ; use reshape/view for shape-only changes
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.reinterpret_view(a, pl.FP16)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.reinterpret_view(a, pl.BF16)
