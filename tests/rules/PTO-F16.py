# rule: PTO-F16
# line: 11
# message: Error in pl.tensor operation 'part_mul': 'ConstInt' object has no attribute 'unwrap'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.part_mul(a, 2)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.part_mul(a, b)
