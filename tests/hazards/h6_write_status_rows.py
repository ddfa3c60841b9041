# expect: PTO-H6 at "pl.write("
# Block b writes row b of a [NB, 4] INT32 status table: 16-byte rows, four blocks per cache line.
import pypto.language as pl

NB = 8
TR = 16
TC = 64


@pl.program
class Status:
    @pl.function(type=pl.FunctionType.InCore)
    def mark(
        self,
        x: pl.Tensor[[NB * TR, TC], pl.FP32],
        status: pl.Out[pl.Tensor[[NB, 4], pl.INT32]],
    ) -> pl.Tensor[[NB, 4], pl.INT32]:
        blk = pl.tile.get_block_idx()
        first = pl.read(x, [blk * TR, 0])
        pl.write(status, [blk, 0], pl.cast(first, pl.INT32))
        return status

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[NB * TR, TC], pl.FP32],
        status: pl.Out[pl.Tensor[[NB, 4], pl.INT32]],
    ) -> pl.Tensor[[NB, 4], pl.INT32]:
        with pl.spmd(NB):
            status = self.mark(x, status)
        return status
