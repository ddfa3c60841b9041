# expect: none
# Twin of h5_spmd_store_fixed_offset: each block stores at its own rows.
import pypto.language as pl

TR = 32
N = 128


@pl.jit
def spmd_copy(
    a: pl.Tensor[[4 * TR, N], pl.FP32],
    out: pl.Out[pl.Tensor[[4 * TR, N], pl.FP32]],
):
    for i in pl.spmd(4):
        off = i * TR
        t = pl.exp(pl.load(a, [off, 0], [TR, N]))
        out = pl.store(t, [off, 0], out)
    return out
