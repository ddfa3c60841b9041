# expect: none
# Twin of h1_notify_peer_loop: the peers are sharded between the lanes by aiv_id.
import pypto.language as pl
import pypto.language.distributed as pld

NUM_PEERS = 8
M = 16
N = 256


@pl.program
class RingSignal:
    @pl.function
    def main(
        self,
        x: pl.Tensor[[M, N], pl.FP32],
        win: pld.DistributedTensor[[M, N], pl.FP32],
        sig: pld.DistributedTensor[[NUM_PEERS], pl.INT32],
    ) -> pld.DistributedTensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="ring_signal"):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                for owner in pl.range(aiv_id, NUM_PEERS, 2):
                    pld.tensor.put(win, owner, x, [0, 0], [0, 0], [M, N])
                    pld.system.notify(sig, owner, [0], 1, op=pld.NotifyOp.AtomicAdd)
        return win
