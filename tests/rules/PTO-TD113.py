# rule: PTO-TD113
# line: 11
# message: pl.tensor operation 'scatter': The operator tensor.scatter_mask with mask_pattern=1 requires dst.shape[1] (32) == input.shape[1] (32) * 2
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 32], pl.FP32], d: pl.Tensor[[64, 32], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.scatter(a, mask_pattern=1, dst=d)


@pl.jit
def twin(a: pl.Tensor[[64, 32], pl.FP32], d: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.scatter(a, mask_pattern=1, dst=d)
