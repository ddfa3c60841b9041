# expect: PTO-H1 at "pld.system.notify("
# A notify in a mode=NONE region whose lane index is never read: both AIV lanes signal the peer.
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
        for _lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            rows = pl.load(x, [0, 0], [M, N])
            out = pl.store(pl.exp(rows), [0, 0], out)
            pld.system.notify(sig, 1, [0], 1, op=pld.NotifyOp.AtomicAdd)
    return out
