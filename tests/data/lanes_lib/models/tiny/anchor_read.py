"""A task that reads one element of its input only as an anchor, then scales the hidden state."""

import pypto.language as pl

from config import TINY as M

BATCH = M.batch
HIDDEN = M.hidden


@pl.jit
def anchor_read(
    hidden: pl.Tensor[[BATCH, HIDDEN], pl.FP32],
    producer_out: pl.Tensor[[BATCH, HIDDEN], pl.FP32],
    out: pl.Out[pl.Tensor[[BATCH, HIDDEN], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="anchor_read"):
        # Unused: the read only orders this task after producer_out's writer; a vector kernel keeps it.
        _anchor = pl.read(producer_out, [0, 0])
        tile = pl.load(hidden, [0, 0], [BATCH, HIDDEN])
        out = pl.store(pl.exp(tile), [0, 0], out)
    return out
