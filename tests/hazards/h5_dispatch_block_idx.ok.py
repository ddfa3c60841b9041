# expect: none
# Twin of h5_dispatch_block_idx: the blocks accumulate into the shared tile with an atomic store.
import pypto.language as pl

TR = 32
TC = 64


@pl.program
class BlockRows:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(
        self,
        x: pl.Tensor[[4 * TR, TC], pl.FP32],
        out: pl.Out[pl.Tensor[[TR, TC], pl.FP32]],
    ) -> pl.Tensor[[TR, TC], pl.FP32]:
        blk = pl.tile.get_block_idx()
        t = pl.load(x, [blk * TR, 0], [TR, TC])
        out = pl.store(pl.mul(t, t), [0, 0], out, atomic=pl.AtomicType.Add)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[4 * TR, TC], pl.FP32],
        out: pl.Out[pl.Tensor[[TR, TC], pl.FP32]],
    ) -> pl.Tensor[[TR, TC], pl.FP32]:
        with pl.spmd(4):
            out = self.rows(x, out)
        return out
