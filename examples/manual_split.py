# target: a2a3
# Manual AIV split: a matmul accumulator is sharded by rows (UP_DOWN) and each
# vector lane adds its half of a bias, scales it, and stores its half of the rows.
import pypto.language as pl

M = 64
K = 128
N = 64
HALF = M // 2


@pl.program
class BiasScale:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[M, K], pl.FP16],
        b: pl.Tensor[[K, N], pl.FP16],
        bias: pl.Tensor[[M, N], pl.FP32],
        out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="bias_scale"):
            a_mat = pl.load(a, [0, 0], [M, K], target_memory=pl.MemorySpace.Mat)
            b_mat = pl.load(b, [0, 0], [K, N], target_memory=pl.MemorySpace.Mat)
            a_left = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
            b_right = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
            acc = pl.matmul(a_left, b_right)
            bt = pl.load(bias, [0, 0], [HALF, N])
            # FAULT: this function opens a pl.split_aiv region, so vector work outside it has no
            # lane to run on. Fix: move the load and the scale into the region body (offset the
            # load by `aiv_id * HALF` so each lane scales its own half of the bias).
            bias_half = pl.mul(bt, 0.5)
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                half = pl.aiv_shard(acc)
                y = pl.add(half, bias_half)
                out = pl.store(y, [aiv_id * HALF, 0], out)
        return out
