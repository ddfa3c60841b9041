# rule: PTO-CT8
# line: 17
# message: tensor.matmul_acc does not support init_cond on operands of rank > 2 (got acc rank 3, lhs rank 3, rhs rank 3). Loop over the batch dimension and accumulate with 2D operands instead.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(
    acc: pl.Tensor[[2, 64, 64], pl.FP32],
    a: pl.Tensor[[2, 64, 64], pl.FP16],
    b: pl.Tensor[[2, 64, 64], pl.FP16],
    first: pl.Scalar[pl.BOOL],
    out: pl.Out[pl.Tensor[[2, 64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = pl.matmul_acc(acc, a, b, init_cond=first)
    return out


@pl.jit
def twin(
    acc: pl.Tensor[[64, 64], pl.FP32],
    a: pl.Tensor[[64, 64], pl.FP16],
    b: pl.Tensor[[64, 64], pl.FP16],
    first: pl.Scalar[pl.BOOL],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.matmul_acc(acc, a, b, init_cond=first)
    return out
