"""Rows past the active count are zero-filled; the inner guard repeats the outer one (as merged code does).

Inside `if row < active:` the same test is known to hold: the inner if keeps its then-branch only.
"""

import pypto.language as pl

ROWS = 16
DIM = 64
BLOCKS = 4


@pl.jit
def guarded_rows(
    x: pl.Tensor[[BLOCKS * ROWS, DIM], pl.FP32],
    active: pl.Scalar[pl.INDEX],
    out: pl.Out[pl.Tensor[[BLOCKS * ROWS, DIM], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="guarded_rows"):
        for blk in pl.range(BLOCKS):
            row = blk * ROWS
            if row < active:
                base = row + 0
                for half in pl.range(2):
                    if row < active:
                        part = pl.exp(x[base : base + ROWS, 0:DIM])
                    else:
                        part = pl.full([ROWS, DIM], dtype=pl.FP32, value=0.0)
                    out[base : base + ROWS, 0:DIM] = part
    return out
