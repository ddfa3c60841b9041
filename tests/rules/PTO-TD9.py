# rule: PTO-TD9
# line: 11
# message: pl operation 'matmul_acc': The operator tensor.matmul_acc requires init_cond to have dtype BOOL, but got INDEX. Write a comparison such as `k == 0` rather than passing the index itself.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(c: pl.Tensor[[64, 64], pl.FP32], a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], k: pl.Scalar[pl.INDEX]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.matmul_acc(c, a, b, init_cond=k)


@pl.jit
def twin(c: pl.Tensor[[64, 64], pl.FP32], a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], k: pl.Scalar[pl.INDEX]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.matmul_acc(c, a, b, init_cond=k == 0)
