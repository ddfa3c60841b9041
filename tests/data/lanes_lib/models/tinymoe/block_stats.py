"""Per-block attention partials; a block past the valid count writes neutral row stats instead.

The neutral stats are written one row at a time with pl.write: a loop of constant writes over one
contiguous run becomes a single fill and store, so it runs where that store runs.
"""

import pypto.language as pl

from config import TOKENS

HEADS = 16
HEAD_TILE = 8
HEAD_DIM = 64
BLOCKS = 4
BLOCK_ROWS = TOKENS * 4
NEG_INF = -3.0e38


@pl.jit
def block_partials(
    q: pl.Tensor[[HEADS, HEAD_DIM], pl.BF16],
    kv: pl.Tensor[[BLOCKS * BLOCK_ROWS, HEAD_DIM], pl.BF16],
    valid_blocks: pl.Scalar[pl.INT32],
    blk_mi: pl.Out[pl.Tensor[[BLOCKS * HEADS, 1], pl.FP32]],
    blk_li: pl.Out[pl.Tensor[[BLOCKS * HEADS, 1], pl.FP32]],
    blk_oi: pl.Out[pl.Tensor[[BLOCKS * HEADS, HEAD_DIM], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="block_partials"):
        for sb in pl.range(BLOCKS):
            base = sb * HEADS
            if sb < valid_blocks:
                kv_tile = kv[sb * BLOCK_ROWS : sb * BLOCK_ROWS + BLOCK_ROWS, 0:HEAD_DIM]
                raw = pl.matmul(q, kv_tile, b_trans=True, out_dtype=pl.FP32)
                mi = pl.row_max(raw)
                blk_mi[base : base + HEADS, 0:1] = mi
                probs = pl.exp(pl.row_expand_sub(raw, mi))
                blk_li[base : base + HEADS, 0:1] = pl.row_sum(probs)
                oi = pl.matmul(pl.cast(probs, target_type=pl.BF16), kv_tile, out_dtype=pl.FP32)
                blk_oi[base : base + HEADS, 0:HEAD_DIM] = oi
            else:
                oi_zero = pl.full([HEAD_TILE, HEAD_DIM], dtype=pl.FP32, value=0.0)
                for h_idx in pl.range(HEADS // HEAD_TILE):
                    row = base + h_idx * HEAD_TILE
                    for hr in pl.range(HEAD_TILE):
                        pl.write(blk_mi, [row + hr, 0], NEG_INF)
                        pl.write(blk_li, [row + hr, 0], 0.0)
                    blk_oi[row : row + HEAD_TILE, 0:HEAD_DIM] = oi_zero
    return blk_mi, blk_li, blk_oi


@pl.jit
def partial_fills(
    x: pl.Tensor[[HEADS, HEAD_DIM], pl.FP32],
    head_mi: pl.Out[pl.Tensor[[HEADS, 1], pl.FP32]],
    even_li: pl.Out[pl.Tensor[[HEADS, 1], pl.FP32]],
    tail_mi: pl.Out[pl.Tensor[[HEADS, 1], pl.FP32]],
    tail_li: pl.Out[pl.Tensor[[HEADS, 1], pl.FP32]],
    out: pl.Out[pl.Tensor[[HEADS, HEAD_DIM], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="partial_fills"):
        # Four FP32 rows are 128 bits, short of one 256-bit run: the loop stays.
        for hr in pl.range(4):
            pl.write(head_mi, [hr, 0], NEG_INF)
        # A stride of two is not one contiguous run.
        for hr in pl.range(0, HEADS, 2):
            pl.write(even_li, [hr, 0], 0.0)
        # The same run written twice, the offset on either side of the sum.
        for hr in pl.range(HEAD_TILE):
            pl.write(tail_mi, [hr + HEAD_TILE, 0], NEG_INF)
            pl.write(tail_li, [HEAD_TILE + hr, 0], 1.0)
        out[0:HEADS, 0:HEAD_DIM] = pl.exp(x)
    return head_mi, even_li, tail_mi, tail_li, out
