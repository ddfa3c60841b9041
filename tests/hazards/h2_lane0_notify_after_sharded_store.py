# expect: PTO-H2 at "pld.system.notify("
# Each lane stores its half of the rows, but only lane 0 notifies: it can signal before lane 1's half lands.
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
            row0 = aiv_id * HALF
            rows = pl.load(x, [row0, 0], [HALF, N])
            out = pl.store(pl.exp(rows), [row0, 0], out)
            if aiv_id == 0:
                pld.system.notify(sig, 1, [0], 1, op=pld.NotifyOp.AtomicAdd)
    return out
