# expect: PTO-H3 at "pl.aic_gather("
# Each lane loads its own rows and gathers them out of a NONE region: the cube gets one lane's rows.
import pypto.language as pl

M = 32
N = 64


@pl.program
class GatherRows:
    @pl.function
    def main(
        self,
        x: pl.Tensor[[2 * M, N], pl.FP32],
        w: pl.Tensor[[N, N], pl.FP32],
        out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="gather_rows"):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                xv = pl.load(x, [aiv_id * M, 0], [M, N])
                xs = pl.mul(xv, 0.5)
                xg = pl.aic_gather(xs)
            xl = pl.move(xg, target_memory=pl.MemorySpace.Left)
            wr = pl.move(pl.load(w, [0, 0], [N, N], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
            y = pl.matmul(xl, wr)
            out = pl.store(y, [0, 0], out)
        return out
