"""Scores masked to each token's visible prefix: the visible length is a scalar read from GM.

`valid` becomes part of a tile's type (pl.set_validshape), and is the result of an if; either way
the lanes that hold such a value, or keep the if, keep the scalars it is computed from.
"""

import pypto.language as pl

from config import TOKENS

ROWS = 16
HEAD_DIM = 64
KEYS = 64
WINDOW = 8


@pl.jit
def masked_scores(
    q: pl.Tensor[[ROWS, HEAD_DIM], pl.BF16],
    k: pl.Tensor[[KEYS, HEAD_DIM], pl.BF16],
    position_ids: pl.Tensor[[TOKENS], pl.INT32],
    out: pl.Out[pl.Tensor[[TOKENS * ROWS, KEYS], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="masked_scores"):
        for t in pl.range(TOKENS):
            scores = pl.matmul(q, k, out_dtype=pl.FP32, b_trans=True)
            pos = pl.read(position_ids, [t])
            visible = pl.min(pos + 1, KEYS)
            if visible > WINDOW:
                valid = pl.min(KEYS, visible - WINDOW)
            else:
                valid = 0
            masked = pl.fillpad(pl.set_validshape(scores, ROWS, valid), pad_value=pl.PadValue.min)
            out[t * ROWS : t * ROWS + ROWS, 0:KEYS] = pl.exp(masked)
    return out


@pl.jit
def masked_rows(
    q: pl.Tensor[[ROWS, HEAD_DIM], pl.BF16],
    k: pl.Tensor[[KEYS, HEAD_DIM], pl.BF16],
    x: pl.Tensor[[ROWS, KEYS], pl.FP32],
    position_ids: pl.Tensor[[TOKENS], pl.INT32],
    out: pl.Out[pl.Tensor[[TOKENS * ROWS, KEYS], pl.FP32]],
    raw: pl.Out[pl.Tensor[[TOKENS * ROWS, KEYS], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="masked_rows"):
        for t in pl.range(TOKENS):
            raw[t * ROWS : t * ROWS + ROWS, 0:KEYS] = pl.matmul(q, k, out_dtype=pl.FP32, b_trans=True)
            pos = pl.read(position_ids, [t])
            visible = pl.min(pos + 1, KEYS)
            if visible > WINDOW:
                valid = pl.min(KEYS, visible - WINDOW)
            else:
                valid = 0
            masked = pl.fillpad(pl.set_validshape(pl.exp(x), ROWS, valid), pad_value=pl.PadValue.min)
            out[t * ROWS : t * ROWS + ROWS, 0:KEYS] = masked
            straight = pl.min(KEYS, visible + 1)
            out[t * ROWS : t * ROWS + ROWS, 0:KEYS] = pl.set_validshape(pl.exp(x), ROWS, straight)
    return out, raw
