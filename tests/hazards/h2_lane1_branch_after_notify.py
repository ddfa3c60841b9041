# expect: PTO-H2 at "pld.system.notify("
# Lane 0 writes the top half and notifies; lane 1 writes the bottom half in a later branch. The lanes
# run concurrently, so the source order of the two branches orders nothing.
import pypto.language as pl
import pypto.language.distributed as pld

M = 64
N = 64
HALF = M // 2


@pl.jit
def two_branches(
    x: pl.Tensor[[M, N], pl.FP32],
    sig: pld.DistributedTensor[[8], pl.INT32],
    out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="two_branches"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            if aiv_id == 0:
                top = pl.load(x, [0, 0], [HALF, N])
                out = pl.store(pl.exp(top), [0, 0], out)
                pld.system.notify(sig, 1, [0], 1, op=pld.NotifyOp.AtomicAdd)
            if aiv_id == 1:
                bottom = pl.load(x, [HALF, 0], [HALF, N])
                out = pl.store(pl.exp(bottom), [HALF, 0], out)
    return out
