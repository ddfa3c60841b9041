"""A decode step of the tiny decoder: norm, projection and a gated epilogue."""

import pypto.language as pl

from config import TINY as M
from norm import project, rms_norm

BATCH = M.batch
HIDDEN = M.hidden
COL_TILE = 64


@pl.jit
def decode_norm(
    x: pl.Tensor[[BATCH, HIDDEN], pl.FP32],
    gamma: pl.Tensor[[1, HIDDEN], pl.FP32],
    out: pl.Out[pl.Tensor[[BATCH, HIDDEN], pl.FP32]],
):
    out = rms_norm(x, gamma, out)
    return out


@pl.jit
def decode_project(
    x: pl.Tensor[[BATCH, HIDDEN], pl.BF16],
    w: pl.Tensor[[HIDDEN, HIDDEN], pl.BF16],
    out: pl.Out[pl.Tensor[[BATCH, HIDDEN], pl.FP32]],
):
    out = project(x, w, out)
    return out


@pl.jit
def decode_gate(
    x: pl.Tensor[[BATCH, HIDDEN], pl.BF16],
    w: pl.Tensor[[HIDDEN, HIDDEN], pl.BF16],
    bias: pl.Tensor[[1, HIDDEN], pl.FP32],
    out: pl.Out[pl.Tensor[[BATCH, HIDDEN], pl.FP32]],
):
    for blk in pl.spmd(HIDDEN // COL_TILE, name_hint="gate"):
        c0 = blk * COL_TILE
        a = pl.slice(x, [BATCH, HIDDEN], [0, 0])
        b = pl.slice(w, [HIDDEN, COL_TILE], [0, c0])
        logits = pl.matmul(a, b, out_dtype=pl.FP32)
        gated = pl.col_expand_add(logits, pl.slice(bias, [1, COL_TILE], [0, c0]))
        out = pl.assemble(out, pl.exp(gated), [0, c0])
    return out
