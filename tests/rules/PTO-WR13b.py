# rule: PTO-WR13b
# line: 11
# message: pl.tensor operation 'gather': output_dtype is only valid for the mask form of gather(); use mask_pattern=<int>
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[64, 8], pl.INT32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.gather(a, -1, i, output_dtype=pl.UINT32)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.gather(a, mask_pattern=1, output_dtype=pl.UINT32)
