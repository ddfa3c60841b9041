# expect: none
# Twin of h6_write_flags_same_line: each block's flag sits on its own 64-byte line (16 INT32 apart).
import pypto.language as pl

NB = 8
N = 64
LINE = 16


@pl.jit
def block_flags(
    x: pl.Tensor[[NB, N], pl.INT32],
    flags: pl.Out[pl.Tensor[[NB * LINE], pl.INT32]],
):
    for i in pl.spmd(NB):
        v = pl.read(x, [i, 0])
        pl.write(flags, [i * LINE], v)
    return flags
