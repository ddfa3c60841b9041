# rule: PTO-F273
# line: 12
# message: Dtype mismatch in ForStmt: declared iter_arg[0] dtype != yield value[0] dtype
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        t = pl.load(x, [0, 0], [64, 64])
        for i, (acc,) in pl.range(4, init_values=(t,)):
            half = pl.cast(acc, pl.FP16)
            acc_next = pl.yield_(half)
        out = pl.store(acc_next, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        t = pl.load(x, [0, 0], [64, 64])
        for i, (acc,) in pl.range(4, init_values=(t,)):
            half = pl.cast(acc, pl.FP16)
            back = pl.cast(half, pl.FP32)
            acc_next = pl.yield_(back)
        out = pl.store(acc_next, [0, 0], out)
    return out
