# expect: none
# Twin of h4_sibling_loops: one cube store and the vector load of it share a body, which the compiler fences.
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
            t = pl.load(ws, [i * M, 0], [M, N])
            out = pl.store(pl.exp(t), [i * M, 0], out)
    return out
