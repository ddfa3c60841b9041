# rule: PTO-E10
# line: 16
# message: cross-core move destination must be Vec, Mat, Left, or Right, got 5
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(
    acc: pl.Tensor[[64, 64], pl.FP32],
    a: pl.Tensor[[64, 64], pl.FP16],
    b: pl.Tensor[[64, 64], pl.FP16],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out[:] = pl.matmul_acc(acc, a, b)
    return out


@pl.jit
def twin(
    acc: pl.Tensor[[64, 64], pl.FP32],
    a: pl.Tensor[[64, 64], pl.FP16],
    b: pl.Tensor[[64, 64], pl.FP16],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        out[:] = pl.matmul_acc(c, a, b)
    return out
