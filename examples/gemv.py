# target: a2a3
# Matrix-vector product y = x W on hand-placed tiles (GM -> Mat -> Left/Right ->
# gemv into Acc), a vector-side scale epilogue, and an orchestration entry point.
import pypto.language as pl

K = 256
N = 128


@pl.program
class Gemv:
    @pl.function(type=pl.FunctionType.InCore)
    def gemv_kernel(
        self,
        x: pl.Tensor[[1, K], pl.FP16],
        w: pl.Tensor[[K, N], pl.FP16],
        y: pl.Out[pl.Tensor[[1, N], pl.FP32]],
    ) -> pl.Tensor[[1, N], pl.FP32]:
        x_mat = pl.load(x, [0, 0], [1, K], target_memory=pl.MemorySpace.Mat)
        # FAULT: only half of W's rows are loaded, so x is [1, 256] but W is [128, 128] and the
        # inner (K) dimensions of the product disagree. Fix: load the full `[K, N]` box.
        w_mat = pl.load(w, [0, 0], [K // 2, N], target_memory=pl.MemorySpace.Mat)
        x_left = pl.move(x_mat, target_memory=pl.MemorySpace.Left)
        w_right = pl.move(w_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.gemv(x_left, w_right)
        acc_vec = pl.move(acc, target_memory=pl.MemorySpace.Vec)
        scaled = pl.mul(acc_vec, 0.25)
        y = pl.store(scaled, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[1, K], pl.FP16],
        w: pl.Tensor[[K, N], pl.FP16],
        y: pl.Out[pl.Tensor[[1, N], pl.FP32]],
    ) -> pl.Tensor[[1, N], pl.FP32]:
        y = self.gemv_kernel(x, w, y)
        return y
