# rule: PTO-F81
# line: 13
# message: Loop with init_values requires an assignment-form pl.yield_(...) — the LHS supplies the post-loop binding name. Bare pl.yield_(...) is rejected here.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc = pl.mul(x, 1.0)
        for i, (a,) in pl.range(4, init_values=(acc,)):
            pl.yield_(pl.add(a, x))
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
