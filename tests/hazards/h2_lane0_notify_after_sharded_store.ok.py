# expect: none
# Twin of h2_lane0_notify_after_sharded_store: lane 0 writes every row it releases, then notifies.
import pypto.language as pl
import pypto.language.distributed as pld

M = 64
N = 64
HALF = M // 2


@pl.jit
def half_rows(
    x: pl.Tensor[[M, N], pl.FP32],
    sig: pld.DistributedTensor[[8], pl.INT32],
    out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="half_rows"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            if aiv_id == 0:
                rows = pl.load(x, [0, 0], [M, N])
                out = pl.store(pl.exp(rows), [0, 0], out)
                pld.system.notify(sig, 1, [0], 1, op=pld.NotifyOp.AtomicAdd)
    return out
