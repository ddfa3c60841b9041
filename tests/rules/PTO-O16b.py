# rule: PTO-O16b
# line: 12
# message: `optimizations=` belongs on the InCore scope, but the body already provides one as the inner `pl.at(level=pl.Level.CORE_GROUP, ...)`
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.spmd(2, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        with pl.at(level=pl.Level.CORE_GROUP):
            blk = pl.tile.get_block_idx()
            out[blk * 32 : blk * 32 + 32, :] = pl.add(pl.matmul(x[blk * 32 : blk * 32 + 32, :], w), x[blk * 32 : blk * 32 + 32, :])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.spmd(2):
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            blk = pl.tile.get_block_idx()
            out[blk * 32 : blk * 32 + 32, :] = pl.add(pl.matmul(x[blk * 32 : blk * 32 + 32, :], w), x[blk * 32 : blk * 32 + 32, :])
    return out
