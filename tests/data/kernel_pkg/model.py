"""An entry module in the style of a real kernel library: config values, imported and local helpers."""

import pypto.language as pl

from .config import ACTIVE as M, USE_FUSED_SCALE
from .kernels.helpers import project, scale_rows

ROWS = M.tile_rows
HIDDEN = M.hidden
HEAD_DIM = M.head_dim

if USE_FUSED_SCALE:

    @pl.jit.inline
    def epilogue(acc: pl.Tensor, out: pl.Out[pl.Tensor]):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="fused_epilogue"):
            out[:] = pl.exp(pl.mul(acc, 0.25))
        return out

else:

    @pl.jit.inline
    def epilogue(acc: pl.Tensor, out: pl.Out[pl.Tensor]):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="plain_epilogue"):
            out[:] = pl.exp(acc)
        return out


@pl.jit.inline
def add_bias(acc: pl.Tensor, bias: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="bias") as bias_tid:
        for r in pl.range(1):
            summed = pl.add(
                acc,
                bias,
            )
            out = pl.assemble(out, summed, offset=[r * ROWS, 0])
    return out


@pl.jit
def forward(
    x: pl.Tensor[[ROWS, HIDDEN], pl.FP16],
    w: pl.Tensor[[HIDDEN, HIDDEN], pl.FP16],
    bias: pl.Tensor[[ROWS, HIDDEN], pl.FP32],
    out: pl.Out[pl.Tensor[[ROWS, HIDDEN], pl.FP32]],
):
    acc = pl.create_tensor([ROWS, HIDDEN], dtype=pl.FP32)
    acc = project(x, w, acc)
    biased = pl.create_tensor([ROWS, HIDDEN], dtype=pl.FP32)
    biased = add_bias(acc, bias, biased)
    if HEAD_DIM > 1000:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="never"):
            out[:] = pl.neg(biased)
    out = epilogue(biased, out)
    scaled = pl.create_tensor([ROWS, HIDDEN], dtype=pl.FP32)
    scaled = scale_rows(out, scaled)
    return scaled
