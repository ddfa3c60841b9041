# expect: PTO-H2 at "pld.system.notify("
# Both lanes put half of the window to the peer; the notify after it is guarded to lane 0 alone.
import pypto.language as pl
import pypto.language.distributed as pld

M = 32
N = 256
HALF = M // 2


@pl.program
class HalfPut:
    @pl.function
    def main(
        self,
        x: pl.Tensor[[M, N], pl.FP32],
        win: pld.DistributedTensor[[M, N], pl.FP32],
        sig: pld.DistributedTensor[[8], pl.INT32],
    ) -> pld.DistributedTensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="half_put"):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                pld.tensor.put(win, 1, x, [aiv_id * HALF, 0], [aiv_id * HALF, 0], [HALF, N])
                if aiv_id == 0:
                    pld.system.notify(sig, 1, [0], 1, op=pld.NotifyOp.AtomicAdd)
        return win
