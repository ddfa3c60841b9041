# expect: PTO-H4 at "t = pl.load(ws"
# The cube stores ws in one loop and the vector lanes load it in a sibling loop: no automatic fence.
import pypto.language as pl

M = 64
K = 64
N = 64


@pl.jit
def two_phase(
    a: pl.Tensor[[2 * M, K], pl.FP16],
    b: pl.Tensor[[K, N], pl.FP16],
    ws: pl.InOut[pl.Tensor[[2 * M, N], pl.FP32]],
    out: pl.Out[pl.Tensor[[2 * M, N], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="two_phase"):
        for i in pl.range(2):
            la = pl.load(a, [i * M, 0], [M, K], target_memory=pl.MemorySpace.Mat)
            lb = pl.load(b, [0, 0], [K, N], target_memory=pl.MemorySpace.Mat)
            acc = pl.matmul(la, lb)
            ws = pl.store(acc, [i * M, 0], ws)
        for j in pl.range(2):
            t = pl.load(ws, [j * M, 0], [M, N])
            out = pl.store(pl.exp(t), [j * M, 0], out)
    return out
