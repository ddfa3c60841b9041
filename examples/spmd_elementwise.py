# target: a2a3
# Elementwise out = (a + b) * 0.5 spread over 4 SPMD blocks, each block meant to
# own one band of 128 rows.
import pypto.language as pl

ROWS = 512
COLS = 128
BAND = 128


@pl.program
class SpmdAxpby:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[ROWS, COLS], pl.FP32],
        b: pl.Tensor[[ROWS, COLS], pl.FP32],
        out: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        # FAULT: the body never reads the block index, so all 4 blocks compute band 0.
        # Fix: use the loop form `for blk in pl.spmd(4, name_hint="axpby"):` and `r0 = blk * BAND`.
        with pl.spmd(4, name_hint="axpby"):
            r0 = 0
            ta = pl.load(a, [r0, 0], [BAND, COLS])
            tb = pl.load(b, [r0, 0], [BAND, COLS])
            s = pl.add(ta, tb)
            out = pl.store(pl.mul(s, 0.5), [r0, 0], out)
        return out
