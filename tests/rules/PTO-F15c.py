# rule: PTO-F15c
# line: 12
# message: pl.add: cannot mix Tensor and Tile arguments (Tile, Tensor). All operands must be the same type level — either all Tensor or all Tile
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        t = pl.load(x, [0, 0], [64, 64])
        y = pl.add(t, x)
        out = pl.store(y, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        t = pl.load(x, [0, 0], [64, 64])
        y = pl.add(t, t)
        out = pl.store(y, [0, 0], out)
    return out


@pl.jit
def while_twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="while_twin"):
        t = pl.load(x, [0, 0], [64, 64])
        # The carries of a pl.while_ have their inits' types: `acc` is a tile, so the add is tile + tile.
        for (acc, i) in pl.while_(init_values=(t, 0)):
            pl.cond(i < 4)
            acc_out, i_out = pl.yield_(pl.add(acc, t), i + 1)
        out = pl.store(acc_out, [0, 0], out)
    return out
