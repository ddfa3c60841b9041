# rule: PTO-CT4
# line: 17
# message: GM tensor 'out' mixes MTE3 and scalar stores in one InCore function. tile.store/tensor.assemble uses the MTE3 path while tensor.write uses the scalar D-cache path; PyPTO cannot guarantee ordering or cache-line coherence between them. Rewrite the updates through one UB tile (use tile.write, then one tile.store), or use tensor.write for every GM element written to this tensor.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
# The check covers the whole InCore function (here a pl.at scope): both branches of the if count. In `twin`,
# the pl.full that fills `flags` first is staged on chip with the writes, so GM sees one MTE3 store.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        for i in pl.range(2):
            if i == 0:
                out[0:16, 0:64] = pl.exp(x)
            else:
                pl.write(out, [0, 0], pl.read(x, [0, 1]))
    return out


@pl.jit
def twin(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    flags = pl.create_tensor([1, 64], dtype=pl.FP32)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        flags[0:1, 0:64] = pl.full([1, 64], dtype=pl.FP32, value=0.0)
        for i in pl.range(4):
            pl.write(flags, [0, i * 2], pl.read(x, [0, i]))
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin_out"):
        out[0:1, 0:64] = flags[0:1, 0:64]
    return out
