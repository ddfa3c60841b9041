"""Rotary embedding of a normalised tile, half by half, in two styles.

A slice that a column broadcast reads with a dynamic row, or as a strided half of every row, is copied out
next to each reader (the slice line itself runs nowhere); an aligned slice read by an add stays.
"""

import pypto.language as pl

ROWS = 16
DIM = 64
HALF = 32


@pl.jit
def rotate_rows(
    x: pl.Tensor[[ROWS, DIM], pl.FP32],
    cos: pl.Tensor[[1, HALF], pl.FP32],
    sin: pl.Tensor[[1, HALF], pl.FP32],
    out: pl.Out[pl.Tensor[[ROWS, DIM], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="rotate_rows"):
        blk = pl.exp(x)
        c = pl.slice(cos, [1, HALF], [0, 0])
        s = pl.slice(sin, [1, HALF], [0, 0])
        rot = pl.create_tensor([ROWS, DIM], dtype=pl.FP32)
        for r in pl.range(ROWS):
            lo = pl.slice(blk, [1, HALF], [r, 0])
            hi = pl.slice(blk, [1, HALF], [r, HALF])
            rot = pl.assemble(rot, pl.sub(pl.col_expand_mul(lo, c), hi), [r, 0])
            rot = pl.assemble(rot, pl.add(pl.col_expand_mul(hi, c), pl.col_expand_mul(lo, s)), [r, HALF])
        out[0:ROWS, 0:DIM] = rot
    return out


@pl.jit
def rotate_halves(
    x: pl.Tensor[[ROWS, DIM], pl.FP32],
    cos: pl.Tensor[[1, HALF], pl.FP32],
    out: pl.Out[pl.Tensor[[ROWS, DIM], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="rotate_halves"):
        heads = pl.exp(x)
        lo = heads[:, 0:HALF]
        hi = heads[:, HALF:DIM]
        c = pl.slice(cos, [1, HALF], [0, 0])
        out[0:ROWS, 0:HALF] = pl.col_expand_mul(lo, c)
        out[0:ROWS, HALF:DIM] = pl.col_expand_mul(hi, c)
    return out
