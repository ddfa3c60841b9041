# rule: PTO-WR14
# line: 11
# message: pl.tensor operation 'gather': Invalid cmp_mode 6: int must be in [0, 5]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.gather(a, kvalue=0.0, cmp_mode=6, out_cols=8)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.gather(a, kvalue=0.0, cmp_mode=5, out_cols=8)
