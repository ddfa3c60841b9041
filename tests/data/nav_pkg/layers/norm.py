"""Normalisation helpers spliced into the entries that call them."""

import pypto.language as pl

from ..config import ACTIVE as M, TILE_ROWS

HIDDEN = M.hidden_size


@pl.jit.inline
def rms_norm(x: pl.Tensor, gamma: pl.Tensor, out: pl.Out[pl.Tensor]):
    """Row-wise RMS normalisation scaled by gamma."""
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="rms_norm"):
        sq = pl.mul(x, x)
        mean = pl.row_sum(sq)
        inv = pl.rsqrt(pl.add(pl.mul(mean, 1.0 / HIDDEN), M.rms_eps))
        normed = pl.row_expand_mul(x, inv)
        out = pl.assemble(out, pl.col_expand_mul(normed, gamma), offset=[0, 0])
    return out


@pl.jit.inline
def residual_add(x: pl.Tensor, y: pl.Tensor, out: pl.Out[pl.Tensor]):
    """out = x + y, one tile of TILE_ROWS rows."""
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="residual"):
        out[:] = pl.add(x, y)
    return out
