# rule: PTO-F62
# line: 12
# message: pl.unroll() step cannot be zero
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc = pl.mul(x, 1.0)
        for i in pl.unroll(0, 4, 0):
            acc = pl.add(acc, x)
        out = pl.assemble(out, acc, [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc = pl.mul(x, 1.0)
        for i in pl.unroll(0, 4, 2):
            acc = pl.add(acc, x)
        out = pl.assemble(out, acc, [0, 0])
    return out
