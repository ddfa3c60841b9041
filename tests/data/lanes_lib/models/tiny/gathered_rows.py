"""Rows of a paged cache gathered into an L1 tile, then multiplied: the gather runs on the cube."""

import pypto.language as pl

from config import TINY as M

ROWS = 16
HIDDEN = M.hidden
CACHE_ROWS = 1024


@pl.jit
def gathered_rows(
    cache: pl.Tensor[[CACHE_ROWS, HIDDEN], pl.BF16],
    slots: pl.Tensor[[ROWS], pl.INT32],
    weight: pl.Tensor[[HIDDEN, HIDDEN], pl.BF16],
    out: pl.Out[pl.Tensor[[ROWS, HIDDEN], pl.FP32]],
):
    for _core in pl.spmd(4, name_hint="gathered_rows"):
        # gather_row writes into its destination in place: the result stays in L1 (Mat), cube side.
        rows = pl.create_l1([ROWS, HIDDEN], pl.BF16)
        for r in pl.range(ROWS):
            slot = pl.cast(pl.read(slots, [r]), pl.INDEX)
            rows = pl.gather_row(rows, cache, [r, 0], [slot, 0], [1, HIDDEN])
        acc = pl.matmul(rows, weight, out_dtype=pl.FP32)
        out[0:ROWS, :] = acc
    return out
