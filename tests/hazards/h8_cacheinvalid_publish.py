# expect: PTO-H8 at "pl.system.cacheinvalid(partial,"
# The producer publishes a [8, 64] FP32 partial-sum block (2 KiB) with the region form before the barrier.
import pypto.language as pl

TR = 8
TC = 64


@pl.program
class Publish:
    @pl.function(type=pl.FunctionType.InCore)
    def phases(
        self,
        x: pl.Tensor[[48 * TR, TC], pl.FP32],
        partial: pl.InOut[pl.Tensor[[48 * TR, TC], pl.FP32]],
        out: pl.Out[pl.Tensor[[48 * TR, TC], pl.FP32]],
    ) -> pl.Tensor[[48 * TR, TC], pl.FP32]:
        blk = pl.tile.get_block_idx()
        r0 = blk * TR
        t = pl.load(x, [r0, 0], [TR, TC])
        partial = pl.store(pl.mul(t, t), [r0, 0], partial)
        pl.system.cacheinvalid(partial, [TR, TC], [r0, 0])
        pl.system.fence()
        pl.system.syncall(core_type=pl.KernelType.AIV)
        pl.system.cacheinvalid()
        peer = pl.load(partial, [((blk + 1) % 48) * TR, 0], [TR, TC])
        out = pl.store(pl.add(t, peer), [r0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[48 * TR, TC], pl.FP32],
        partial: pl.InOut[pl.Tensor[[48 * TR, TC], pl.FP32]],
        out: pl.Out[pl.Tensor[[48 * TR, TC], pl.FP32]],
    ) -> pl.Tensor[[48 * TR, TC], pl.FP32]:
        with pl.spmd(pl.system.available_aiv_count(), sync_start=True):
            out = self.phases(x, partial, out)
        return out
