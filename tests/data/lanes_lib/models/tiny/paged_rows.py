"""Paged row lookup of the tiny decoder: a block number computed by scalars, read through a nested cast."""

import pypto.language as pl

from config import TINY as M

BATCH = M.batch
WINDOW = 8
BLOCK = 16
BLOCKS = 64


@pl.jit
def paged_rows(
    positions: pl.Tensor[[BATCH], pl.INT32],
    block_table: pl.Tensor[[BATCH, BLOCKS], pl.INT32],
    rows: pl.Out[pl.Tensor[[BATCH, WINDOW], pl.INT32]],
):
    for token in pl.spmd(BATCH, name_hint="paged_rows"):
        position = pl.read(positions, [token])
        row = pl.create_tensor([1, WINDOW], dtype=pl.INT32)
        for offset in pl.range(WINDOW):
            visible = position + offset
            # Only the nested cast in the offsets list reads the block number: its scalars stay on the lane.
            block = visible // BLOCK
            physical = pl.read(block_table, [token, pl.cast(block, pl.INDEX)])
            pl.write(row, [0, offset], physical)
        rows[token : token + 1, :] = row
    return rows
