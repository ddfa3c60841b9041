"""Gate logits accumulated over K tiles, then scaled, and a softmax merged across blocks.

The accumulator is created, carried through the K loop and re-bound by the scale; the row offset of
the phase buffer is computed again, under the same name, in a later loop; and the running max and
sum are carried from one scope to the next.
"""

import pypto.language as pl

from config import TOKENS

ROWS = 16
COLS = 64
DIM = 256
DIM_TILE = 64
BLOCKS = 4


@pl.jit
def gate_logits(
    x: pl.Tensor[[ROWS, DIM], pl.BF16],
    w: pl.Tensor[[COLS, DIM], pl.BF16],
    inv_rms: pl.Tensor[[ROWS, 1], pl.FP32],
    out: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="gate_logits"):
        logits = pl.create_tensor([ROWS, COLS], dtype=pl.FP32)
        for kb in pl.pipeline(0, DIM // DIM_TILE, stage=2):
            kd = kb * DIM_TILE
            if kd == 0:
                logits = pl.matmul(x[0:ROWS, kd : kd + DIM_TILE], w[0:COLS, kd : kd + DIM_TILE], out_dtype=pl.FP32, b_trans=True)
            else:
                logits = pl.matmul_acc(logits, x[0:ROWS, kd : kd + DIM_TILE], w[0:COLS, kd : kd + DIM_TILE], b_trans=True)
        logits = pl.row_expand_mul(logits, inv_rms[0:ROWS, 0:1])
        out[0:ROWS, 0:COLS] = pl.exp(logits)
    return out


@pl.jit
def phase_rows(
    q: pl.Tensor[[ROWS, DIM_TILE], pl.BF16],
    v: pl.Tensor[[BLOCKS * DIM_TILE, COLS], pl.BF16],
    bias: pl.Tensor[[BLOCKS * ROWS, COLS], pl.FP32],
    phase: pl.Out[pl.Tensor[[BLOCKS * ROWS, COLS], pl.FP32]],
    out: pl.Out[pl.Tensor[[BLOCKS * ROWS, COLS], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="phase_rows"):
        for sb in pl.range(BLOCKS):
            part = pl.matmul(q, v[sb * DIM_TILE : sb * DIM_TILE + DIM_TILE, 0:COLS], out_dtype=pl.FP32)
            row0 = sb * ROWS
            phase = pl.assemble(phase, part, [row0, 0])
        for fb in pl.range(BLOCKS):
            row0 = fb * ROWS + 0
            out[row0 : row0 + ROWS, 0:COLS] = pl.exp(pl.slice(bias, [ROWS, COLS], [row0, 0]))
    return phase, out


@pl.jit
def running_max(
    scores: pl.Tensor[[TOKENS * ROWS, COLS], pl.FP32],
    out: pl.Out[pl.Tensor[[TOKENS * ROWS, COLS], pl.FP32]],
):
    m = pl.create_tensor([ROWS, COLS], dtype=pl.FP32)
    for t in pl.range(TOKENS):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="running_max"):
            for blk in pl.range(2):
                part = pl.slice(scores, [ROWS, COLS], [t * ROWS, 0])
                if t == 0:
                    m = part
                else:
                    m = pl.maximum(m, part)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="running_out"):
            out[t * ROWS : t * ROWS + ROWS, 0:COLS] = pl.exp(m)
    return out


@pl.jit
def dequant_rows(
    x: pl.Tensor[[ROWS, DIM], pl.INT8],
    w: pl.Tensor[[DIM, COLS], pl.INT8],
    active: pl.Scalar[pl.INDEX],
    out: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="dequant_rows"):
        if active > 0:
            acc = pl.create_tensor([ROWS, COLS], dtype=pl.INT32)
            for kb in pl.pipeline(0, DIM // DIM_TILE, stage=2):
                kd = kb * DIM_TILE
                if kd == 0:
                    acc = pl.matmul(x[0:ROWS, kd : kd + DIM_TILE], w[kd : kd + DIM_TILE, 0:COLS], out_dtype=pl.INT32)
                else:
                    acc = pl.matmul_acc(acc, x[0:ROWS, kd : kd + DIM_TILE], w[kd : kd + DIM_TILE, 0:COLS])
            for r in pl.range(0, ROWS, 8):
                part = pl.cast(acc[r : r + 8, :], target_type=pl.FP32, mode="none")
                out[r : r + 8, 0:COLS] = pl.mul(part, 0.5)
    return out
