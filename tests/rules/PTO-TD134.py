# rule: PTO-TD134
# line: 11
# message: pl operation 'matmul_acc': tensor.matmul_acc: acc batch rank (1) must equal broadcast(lhs, rhs) batch rank (0)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(c: pl.Tensor[[2, 64, 64], pl.FP32], d: pl.Tensor[[64, 64], pl.FP32], a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.matmul_acc(c, a, b)


@pl.jit
def twin(c: pl.Tensor[[2, 64, 64], pl.FP32], d: pl.Tensor[[64, 64], pl.FP32], a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.matmul_acc(pl.matmul(a, b, out_dtype=pl.FP32), a, b)
