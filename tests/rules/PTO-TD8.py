# rule: PTO-TD8
# line: 11
# message: pl operation 'matmul_acc': The operator tensor.matmul_acc requires init_cond to be a boolean scalar, but got TensorType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(c: pl.Tensor[[64, 64], pl.FP32], a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.matmul_acc(c, a, b, init_cond=a)


@pl.jit
def twin(c: pl.Tensor[[64, 64], pl.FP32], a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.matmul_acc(c, a, b, init_cond=True)
