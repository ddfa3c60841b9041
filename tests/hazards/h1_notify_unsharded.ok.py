# expect: none
# Twin of h1_notify_unsharded: the notify is restricted to lane 0, which wrote the whole tile itself.
import pypto.language as pl
import pypto.language.distributed as pld

M = 64
N = 64


@pl.jit
def publish_rows(
    x: pl.Tensor[[M, N], pl.FP32],
    sig: pld.DistributedTensor[[8], pl.INT32],
    out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="publish_rows"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            rows = pl.load(x, [0, 0], [M, N])
            out = pl.store(pl.exp(rows), [0, 0], out)
            if aiv_id == 0:
                pld.system.notify(sig, 1, [0], 1, op=pld.NotifyOp.AtomicAdd)
    return out
