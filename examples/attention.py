# target: a2a3
# Single-head attention tile: S = Q K^T on the cube, a scaled row softmax on the
# two vector lanes (each lane owns half of the query rows), then O = P V on the cube.
# The softmax lives in a manual pl.split_aiv(UP_DOWN) region; values cross the
# AIC/AIV boundary explicitly through pl.aiv_shard / pl.aic_gather.
import pypto.language as pl

S = 64
D = 64
HALF = S // 2


@pl.program
class Attention:
    @pl.function
    def main(
        self,
        q: pl.Tensor[[S, D], pl.FP32],
        kt: pl.Tensor[[D, S], pl.FP32],
        v: pl.Tensor[[S, D], pl.FP32],
        out: pl.Out[pl.Tensor[[S, D], pl.FP32]],
    ) -> pl.Tensor[[S, D], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="attention"):
            q_mat = pl.load(q, [0, 0], [S, D], target_memory=pl.MemorySpace.Mat)
            k_mat = pl.load(kt, [0, 0], [D, S], target_memory=pl.MemorySpace.Mat)
            q_left = pl.move(q_mat, target_memory=pl.MemorySpace.Left)
            k_right = pl.move(k_mat, target_memory=pl.MemorySpace.Right)
            scores = pl.matmul(q_left, k_right)
            for _lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                # FAULT: `scores` is the cube's accumulator; the vector lanes may only read it
                # through the boundary op. Fix: `half = pl.aiv_shard(scores)` and scale `half`.
                scaled = pl.mul(scores, 0.125)
                p = pl.exp(scaled)
                p_full = pl.aic_gather(p)
            p_left = pl.move(p_full, target_memory=pl.MemorySpace.Left)
            v_mat = pl.load(v, [0, 0], [S, D], target_memory=pl.MemorySpace.Mat)
            v_right = pl.move(v_mat, target_memory=pl.MemorySpace.Right)
            o = pl.matmul(p_left, v_right)
            out = pl.store(o, [0, 0], out)
        return out
