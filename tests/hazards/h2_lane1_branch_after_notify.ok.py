# expect: none
# Twin of h2_lane1_branch_after_notify: lane 1 signals an event when its half is stored, and lane 0
# waits for it before the notify.
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
            if aiv_id == 1:
                bottom = pl.load(x, [HALF, 0], [HALF, N])
                out = pl.store(pl.exp(bottom), [HALF, 0], out)
                pl.system.sync_set(0, pipe=pl.PipeType.MTE3, core_type=pl.KernelType.AIV)
            if aiv_id == 0:
                top = pl.load(x, [0, 0], [HALF, N])
                out = pl.store(pl.exp(top), [0, 0], out)
                pl.system.sync_wait(0, pipe=pl.PipeType.MTE3, core_type=pl.KernelType.AIV)
                pld.system.notify(sig, 1, [0], 1, op=pld.NotifyOp.AtomicAdd)
    return out
