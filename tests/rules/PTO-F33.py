# rule: PTO-F33
# line: 12
# message: pl.spmd() requires core_num (first positional argument)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    for i in pl.spmd():
        out[i * 32 : i * 32 + 32, :] = pl.exp(x[i * 32 : i * 32 + 32, :])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    for i in pl.spmd(2):
        out[i * 32 : i * 32 + 32, :] = pl.exp(x[i * 32 : i * 32 + 32, :])
    return out
