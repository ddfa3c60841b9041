# expect: none
# Twin of h2_lane0_notify_after_sharded_put: each lane releases only what it put, to its own peers.
import pypto.language as pl
import pypto.language.distributed as pld

NUM_PEERS = 4
M = 32
N = 256


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
                for owner in pl.range(aiv_id, NUM_PEERS, 2):
                    pld.tensor.put(win, owner, x, [0, 0], [0, 0], [M, N])
                    pld.system.notify(sig, owner, [0], 1, op=pld.NotifyOp.AtomicAdd)
        return win
