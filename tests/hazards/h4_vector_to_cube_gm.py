# expect: PTO-H4 at "a = pl.load(ws"
# The vector lanes store ws and the cube loads it in the same kernel; only a barrier sits between them.
import pypto.language as pl

M = 64
K = 64
N = 64


@pl.jit
def handoff(
    x: pl.Tensor[[M, K], pl.FP32],
    w: pl.Tensor[[K, N], pl.FP16],
    ws: pl.InOut[pl.Tensor[[M, K], pl.FP16]],
    sync_ws: pl.InOut[pl.Tensor[[16], pl.INT32]],
    out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="handoff"):
        for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            t = pl.exp(pl.load(x, [0, 0], [M, K]))
            ws = pl.store(pl.cast(t, pl.FP16), [0, 0], ws)
        pl.system.syncall(
            mode=pl.SyncAllMode.SOFT, core_type=pl.KernelType.MIX, gm_workspace=sync_ws, used_cores=3
        )
        a = pl.load(ws, [0, 0], [M, K], target_memory=pl.MemorySpace.Mat)
        b = pl.load(w, [0, 0], [K, N], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(pl.move(a, target_memory=pl.MemorySpace.Left), pl.move(b, target_memory=pl.MemorySpace.Right))
        out = pl.store(acc, [0, 0], out)
    return out
