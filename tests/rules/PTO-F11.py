# rule: PTO-F11
# line: 12
# message: `with pl.spmd(...)` body neither reads the per-block index via `pl.tile.get_block_idx()` nor dispatches a `self.<kernel>(...)` call, so every block would run identical work.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.spmd(4):
        out[:] = pl.exp(x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.spmd(4):
        blk = pl.tile.get_block_idx()
        out[blk * 16 : blk * 16 + 16, :] = pl.exp(x[blk * 16 : blk * 16 + 16, :])
    return out
