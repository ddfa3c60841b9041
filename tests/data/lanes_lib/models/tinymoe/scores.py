"""Expert scores, padded with -inf up to a tile of columns when the expert count is short of it."""

import pypto.language as pl

from config import MOE as M, TOKENS

N_EXPERTS = M.n_experts
SCORE_PAD = M.score_pad
CLAMP = M.clamp
ROW_TILE = 8


@pl.jit
def expert_scores(
    logits: pl.Tensor[[TOKENS, SCORE_PAD], pl.FP32],
    out: pl.Out[pl.Tensor[[TOKENS, SCORE_PAD], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scores"):
        for t0 in pl.range(0, TOKENS, ROW_TILE):
            probs = pl.exp(logits[t0 : t0 + ROW_TILE, 0:N_EXPERTS])
            if CLAMP > 0.0:
                probs = pl.minimum(probs, CLAMP)
            out[t0 : t0 + ROW_TILE, 0:N_EXPERTS] = probs
            if N_EXPERTS < SCORE_PAD:
                out[t0 : t0 + ROW_TILE, N_EXPERTS:SCORE_PAD] = pl.full(
                    [ROW_TILE, SCORE_PAD - N_EXPERTS], dtype=pl.FP32, value=-1.0e30
                )
    return out
