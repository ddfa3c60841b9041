# target: a2a3
# Linear layer followed by a numerically stable row softmax, fused into one
# CORE_GROUP scope: the matmul runs on the cube (AIC) lane, the softmax epilogue
# on the vector (AIV) lanes, and pl.split(UP_DOWN) halves the rows between them.
import pypto.language as pl

M = 64
K = 128
N = 128


@pl.jit
def linear_softmax(
    x: pl.Tensor[[M, K], pl.FP16],
    w: pl.Tensor[[K, N], pl.FP16],
    probs: pl.Out[pl.Tensor[[M, N], pl.FP32]],
):
    with pl.at(
        level=pl.Level.CORE_GROUP,
        optimizations=[pl.split(pl.SplitMode.UP_DOWN)],
        name_hint="linear_softmax",
    ):
        logits = pl.matmul(x, w, out_dtype=pl.FP32)
        # FAULT: there is no `pl.row_mean` op, and softmax must subtract the row MAXIMUM
        # (not the mean) to stay numerically stable. Fix: `shift = pl.row_max(logits)`.
        shift = pl.row_mean(logits)
        centered = pl.row_expand_sub(logits, shift)
        e = pl.exp(centered)
        denom = pl.row_sum(e)
        probs[:] = pl.row_expand_div(e, denom)
    return probs
