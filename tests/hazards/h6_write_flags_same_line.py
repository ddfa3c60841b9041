# expect: PTO-H6 at "pl.write("
# Each of 8 blocks writes its own INT32 flag; 16 flags share one 64-byte line, so most writes are lost.
import pypto.language as pl

NB = 8
N = 64


@pl.jit
def block_flags(
    x: pl.Tensor[[NB, N], pl.INT32],
    flags: pl.Out[pl.Tensor[[NB], pl.INT32]],
):
    for i in pl.spmd(NB):
        v = pl.read(x, [i, 0])
        pl.write(flags, [i], v)
    return flags
