# rule: PTO-F70
# line: 12
# message: For loop target must be a tuple when init_values is provided
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc = pl.mul(x, 1.0)
        for i in pl.range(4, init_values=(acc,)):
            acc = pl.yield_(pl.add(acc, x))
        out = pl.assemble(out, acc, [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc = pl.mul(x, 1.0)
        for i, (a,) in pl.range(4, init_values=(acc,)):
            acc = pl.yield_(pl.add(a, x))
        out = pl.assemble(out, acc, [0, 0])
    return out
