# rule: PTO-F46
# line: 13
# message: Unused variable 'unused' in function 'faulty'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        unused = pl.exp(x)
        out[:] = pl.mul(x, 2.0)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        used = pl.exp(x)
        out[:] = pl.mul(used, 2.0)
    return out


@pl.jit
def loop_twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="loop_twin"):
        t = pl.load(x, [0, 0], [64, 64])
        # Loop variables, iteration arguments and yielded results are not assignments: the check skips them.
        for j in pl.range(2):
            t = pl.add(t, t)
        for (acc, i) in pl.while_(init_values=(t, 0)):
            pl.cond(i < 4)
            acc_out, i_out = pl.yield_(pl.add(acc, t), i + 1)
        out = pl.store(acc_out, [0, 0], out)
    return out
