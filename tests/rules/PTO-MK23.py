# rule: PTO-MK23
# line: 12
# message: Function 'consumer' has fewer 'system.reserve_buffer' calls than initialized pipe directions require
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    # dir_mask=1 enables C2V, which this AIV side pops: it must reserve the ring, not pass a bare id.
    @pl.function(type=pl.FunctionType.AIV)
    def consumer(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.aiv_initialize_pipe(pl.const(5, pl.INT32), pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        t = pl.load(a, [0, 0], [16, 16])
        r = pl.cast(t, pl.FP32)
        out = pl.store(r, [0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV)
    def consumer(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        ring = pl.reserve_buffer(name="c2v", size=2048, base=pl.AUTO)
        pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        t = pl.load(a, [0, 0], [16, 16])
        r = pl.cast(t, pl.FP32)
        out = pl.store(r, [0, 0], out)
        return out
