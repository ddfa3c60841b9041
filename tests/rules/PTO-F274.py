# rule: PTO-F274
# line: 12
# message: Shape dimension count mismatch in WhileStmt: declared iter_arg[0] has 2 dimensions, but yield value[0] has 1 dimensions
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        t = pl.load(x, [0, 0], [64, 64])
        for (acc, n) in pl.while_(init_values=(t, 0)):
            pl.cond(n < 4)
            flat = pl.reshape(acc, [4096])
            acc_next, n_next = pl.yield_(flat, n + 1)
        out = pl.store(t, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        t = pl.load(x, [0, 0], [64, 64])
        for (acc, n) in pl.while_(init_values=(t, 0)):
            pl.cond(n < 4)
            flat = pl.reshape(acc, [4096])
            square = pl.reshape(flat, [64, 64])
            acc_next, n_next = pl.yield_(square, n + 1)
        out = pl.store(t, [0, 0], out)
    return out
