# rule: PTO-MK22
# line: 13
# message: AIV function 'vec_side' uses V2C cross-core ops but has no 'system.import_peer_buffer'
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl

D = 16


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIV)
    def vec_side(self, x: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        ring = pl.reserve_buffer(name="c2v", size=4096, base=pl.AUTO)
        pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        t = pl.load(x, [0, 0], [D, D])
        h = pl.cast(t, pl.FP16)
        pl.tpush_to_aic(h, split=0)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV)
    def vec_side(self, x: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        ring = pl.reserve_buffer(name="c2v", size=4096, base=pl.AUTO)
        pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        c: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.tpop_from_aic(split=0)
        r = pl.exp(c)
        pl.tfree_to_aic(c)
        out = pl.store(r, [0, 0], out)
        return out
