# expect: none
# Twin of h7_query_bound_to_name: the launch is sized by the device query, written inline.
import pypto.language as pl

TR = 32
TC = 64
NB = 24


@pl.program
class Barrier:
    @pl.function(type=pl.FunctionType.InCore)
    def phases(
        self,
        x: pl.Tensor[[NB * TR, TC], pl.FP16],
        w: pl.Tensor[[TC, TC], pl.FP16],
        out: pl.Out[pl.Tensor[[NB * TR, TC], pl.FP32]],
    ) -> pl.Tensor[[NB * TR, TC], pl.FP32]:
        blk = pl.tile.get_block_idx()
        xa = pl.load(x, [blk * TR, 0], [TR, TC], target_memory=pl.MemorySpace.Mat)
        wb = pl.load(w, [0, 0], [TC, TC], target_memory=pl.MemorySpace.Mat)
        acc = pl.matmul(xa, wb)
        pl.system.syncall(core_type=pl.KernelType.MIX)
        out = pl.store(pl.exp(acc), [blk * TR, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[NB * TR, TC], pl.FP16],
        w: pl.Tensor[[TC, TC], pl.FP16],
        out: pl.Out[pl.Tensor[[NB * TR, TC], pl.FP32]],
    ) -> pl.Tensor[[NB * TR, TC], pl.FP32]:
        with pl.spmd(pl.system.available_cluster_count(), sync_start=True):
            out = self.phases(x, w, out)
        return out
