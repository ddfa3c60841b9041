"""The same package with faults placed in helpers: one in this file, one in the imported module."""

import pypto.language as pl

from .config import ACTIVE as M
from .kernels.helpers import bad_scale

ROWS = M.tile_rows
HIDDEN = M.hidden


@pl.jit.inline
def mismatched(x: pl.Tensor, w: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="mismatched"):
        acc = pl.matmul(x, w, out_dtype=pl.FP32)
        out = pl.assemble(out, acc, offset=[0, 0])
    return out


@pl.jit
def faulty(
    x: pl.Tensor[[ROWS, HIDDEN], pl.FP16],
    w: pl.Tensor[[64, HIDDEN], pl.FP16],
    out: pl.Out[pl.Tensor[[ROWS, HIDDEN], pl.FP32]],
):
    acc = pl.create_tensor([ROWS, HIDDEN], dtype=pl.FP32)
    acc = mismatched(x, w, acc)
    out = bad_scale(acc, out)
    return out
