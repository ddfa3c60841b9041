"""Inline helpers shared by the entries (no entry here: this file alone gets no lanes)."""

import pypto.language as pl

from ..config import ACTIVE as M

ROWS = M.tile_rows
HIDDEN = M.hidden


@pl.jit.inline
def scale_rows(x: pl.Tensor, y: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scale_rows"):
        t = pl.mul(x, 0.5)
        y[:] = pl.exp(t)
    return y


@pl.jit.inline
def project(x: pl.Tensor, w: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="project"):
        acc = pl.matmul(x, w, out_dtype=pl.FP32)
        out = pl.assemble(out, acc, offset=[0, 0])
    return out


@pl.jit.inline
def bad_scale(x: pl.Tensor, y: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="bad_scale"):
        y[:] = pl.row_mean(x)
    return y
