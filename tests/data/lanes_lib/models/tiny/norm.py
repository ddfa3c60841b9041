"""Inline helpers only: every lane these lines get comes from the entries that call them."""

import pypto.language as pl

from config import TINY as M

BATCH = M.batch
HIDDEN = M.hidden
HIDDEN_INV = M.hidden_inv  # a kernel body reads names; M.hidden_inv there is a parser error
EPS = M.eps
K_CHUNK = 64


@pl.jit.inline
def rms_norm(
    x: pl.Tensor[[BATCH, HIDDEN], pl.FP32],
    gamma: pl.Tensor[[1, HIDDEN], pl.FP32],
    out: pl.Tensor[[BATCH, HIDDEN], pl.FP32],
) -> pl.Tensor[[BATCH, HIDDEN], pl.FP32]:
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="rms_norm"):
        sq_sum = pl.full([1, BATCH], dtype=pl.FP32, value=0.0)
        for kb in pl.range(HIDDEN // K_CHUNK):
            k0 = kb * K_CHUNK
            chunk = pl.slice(x, [BATCH, K_CHUNK], [0, k0])
            sq_sum = pl.add(sq_sum, pl.reshape(pl.row_sum(pl.mul(chunk, chunk)), [1, BATCH]))
        inv_rms = pl.reshape(pl.rsqrt(pl.add(pl.mul(sq_sum, HIDDEN_INV), EPS)), [BATCH, 1])
        for kb in pl.range(HIDDEN // K_CHUNK):
            k0 = kb * K_CHUNK
            chunk = pl.slice(x, [BATCH, K_CHUNK], [0, k0])
            g = pl.slice(gamma, [1, K_CHUNK], [0, k0])
            out = pl.assemble(out, pl.col_expand_mul(pl.row_expand_mul(chunk, inv_rms), g), [0, k0])
    return out


@pl.jit.inline
def project(
    x: pl.Tensor[[BATCH, HIDDEN], pl.BF16],
    w: pl.Tensor[[HIDDEN, HIDDEN], pl.BF16],
    out: pl.Tensor[[BATCH, HIDDEN], pl.FP32],
) -> pl.Tensor[[BATCH, HIDDEN], pl.FP32]:
    for nb in pl.parallel(HIDDEN // K_CHUNK):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="project"):
            n0 = nb * K_CHUNK
            a = pl.slice(x, [BATCH, K_CHUNK], [0, 0])
            b = pl.slice(w, [K_CHUNK, K_CHUNK], [0, n0])
            acc = pl.matmul(a, b, out_dtype=pl.FP32)
            for kb in pl.pipeline(1, HIDDEN // K_CHUNK, stage=2):
                k0 = kb * K_CHUNK
                a = pl.slice(x, [BATCH, K_CHUNK], [0, k0])
                b = pl.slice(w, [K_CHUNK, K_CHUNK], [k0, n0])
                acc = pl.matmul_acc(acc, a, b)
            out = pl.assemble(out, acc, [0, n0])
    return out
