# rule: PTO-TD131
# line: 11
# message: pl operation 'matmul_acc': tensor.matmul_acc requires identical lhs and rhs dtypes, but got fp16 and bfloat16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(c: pl.Tensor[[64, 64], pl.FP32], a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.BF16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.matmul_acc(c, a, b)


@pl.jit
def twin(c: pl.Tensor[[64, 64], pl.FP32], a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.BF16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        c0 = pl.matmul(a, a, out_dtype=pl.FP32)
        r = pl.matmul_acc(c0, a, a)
