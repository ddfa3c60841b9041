# rule: PTO-F61
# line: 12
# message: pl.unroll() cannot be combined with init_values
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc = pl.mul(x, 1.0)
        for i, (a,) in pl.unroll(4, init_values=(acc,)):
            a2 = pl.add(a, x)
            acc = pl.yield_(a2)
        out = pl.assemble(out, acc, [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc = pl.mul(x, 1.0)
        for i, (a,) in pl.range(4, init_values=(acc,)):
            a2 = pl.add(a, x)
            acc = pl.yield_(a2)
        out = pl.assemble(out, acc, [0, 0])
    return out
