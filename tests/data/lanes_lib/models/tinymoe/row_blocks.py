"""Row blocks swept in tasks: a task of one block keeps its inner loop only as a trip count of one."""

import pypto.language as pl

from config import TOKENS

HIDDEN = 64
TASK_ROWS = 8
BLOCK_ROWS = 8


@pl.jit
def row_blocks(
    x: pl.Tensor[[TOKENS, HIDDEN], pl.FP32],
    out: pl.Out[pl.Tensor[[TOKENS, HIDDEN], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="row_blocks"):
        for task in pl.range(TOKENS // TASK_ROWS):
            r0 = task * TASK_ROWS
            for rb in pl.range(r0, r0 + TASK_ROWS, BLOCK_ROWS):
                out[rb : rb + BLOCK_ROWS, :] = pl.exp(x[rb : rb + BLOCK_ROWS, :])
            for rc in pl.range(r0, r0 + 2 * TASK_ROWS, BLOCK_ROWS):
                out[rc : rc + BLOCK_ROWS, :] = pl.neg(x[rc : rc + BLOCK_ROWS, :])
    return out
