# rule: PTO-TD114
# line: 11
# message: pl.tensor operation 'gather': The operator tensor.gather_mask requires mask_pattern in range [1, 7], but got 9
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.gather(a, mask_pattern=9)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.gather(a, mask_pattern=7)
