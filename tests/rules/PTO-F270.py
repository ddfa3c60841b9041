# rule: PTO-F270
# line: 12
# message: pl.spmd() does not accept **kwargs; pass core_num (positional) and sync_start=/name_hint=/optimizations= explicitly
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

CFG = {"sync_start": False}


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.spmd(4, **CFG):
        i = pl.tile.get_block_idx()
        out[:] = pl.add(x, x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.spmd(4, sync_start=False):
        i = pl.tile.get_block_idx()
        out[:] = pl.add(x, x)
    return out
