"""Online-softmax merge of per-block partials into a phase accumulator in GM.

The first block stores its matmul result as it is; later blocks read the accumulator back and merge.
The partial is also read by the vector merge, so both of its stores go through one Vec copy.
"""

import pypto.language as pl

from config import TOKENS

ROWS = TOKENS
HEAD_DIM = 64
BLOCK_ROWS = 64
BLOCKS = 4


@pl.jit
def phase_merge(
    q: pl.Tensor[[ROWS, HEAD_DIM], pl.BF16],
    v: pl.Tensor[[BLOCKS * BLOCK_ROWS, HEAD_DIM], pl.BF16],
    beta_in: pl.Tensor[[ROWS, 1], pl.FP32],
    acc: pl.Out[pl.Tensor[[ROWS, HEAD_DIM], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="phase_merge"):
        for sb in pl.range(BLOCKS):
            oi = pl.matmul(q, v[sb * BLOCK_ROWS : sb * BLOCK_ROWS + BLOCK_ROWS, 0:HEAD_DIM], out_dtype=pl.FP32)
            acc_row0 = sb * 0
            oi_sb = pl.slice(oi, [ROWS, HEAD_DIM], [0, 0])
            if sb == 0:
                acc = pl.assemble(acc, oi_sb, [acc_row0, 0])
            else:
                prev = pl.slice(acc, [ROWS, HEAD_DIM], [acc_row0, 0])
                beta = pl.slice(beta_in, [ROWS, 1], [0, 0])
                merged = pl.add(prev, pl.row_expand_mul(oi_sb, beta))
                acc = pl.assemble(acc, merged, [acc_row0, 0])
    return acc


@pl.jit
def project_and_store(
    x: pl.Tensor[[ROWS, HEAD_DIM], pl.BF16],
    w: pl.Tensor[[HEAD_DIM, HEAD_DIM], pl.BF16],
    proj: pl.Out[pl.Tensor[[ROWS, HEAD_DIM], pl.FP32]],
    act: pl.Out[pl.Tensor[[ROWS, HEAD_DIM], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="project_and_store"):
        y = pl.matmul(x, w, out_dtype=pl.FP32)
        act = pl.assemble(act, pl.exp(y), [0, 0])
        proj = pl.assemble(proj, y, [0, 0])
    return proj, act
