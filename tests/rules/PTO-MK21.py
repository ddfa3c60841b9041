# rule: PTO-MK21
# line: 13
# message: AIV function 'vec_side' uses C2V cross-core ops but has no 'system.reserve_buffer'
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl

D = 16


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIV)
    def vec_side(self, x: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        peer = pl.import_peer_buffer(name="v2c", peer_func="cube_side")
        pl.aiv_initialize_pipe(pl.const(0, pl.INT32), peer, dir_mask=2, slot_size=1024)
        c: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.tpop_from_aic(split=0)
        r = pl.exp(c)
        pl.tfree_to_aic(c)
        out = pl.store(r, [0, 0], out)
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
