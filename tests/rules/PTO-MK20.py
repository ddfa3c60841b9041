# rule: PTO-MK20
# line: 13
# message: AIC function 'cube_side' uses V2C cross-core ops but has no 'system.reserve_buffer'
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl

D = 16


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(self, a: pl.Tensor[[D, D], pl.FP16], b: pl.Tensor[[D, D], pl.FP16], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        peer = pl.import_peer_buffer(name="c2v", peer_func="vec_side")
        pl.aic_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        p: pl.Tile[[D, D], pl.FP16, pl.Mem.Mat] = pl.tpop_from_aiv(split=0)
        pl.tfree_to_aiv(p)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(self, a: pl.Tensor[[D, D], pl.FP16], b: pl.Tensor[[D, D], pl.FP16], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        ring = pl.reserve_buffer(name="v2c", size=4096, base=pl.AUTO)
        pl.aic_initialize_pipe(pl.const(0, pl.INT32), ring, dir_mask=2, slot_size=1024)
        p: pl.Tile[[D, D], pl.FP16, pl.Mem.Mat] = pl.tpop_from_aiv(split=0)
        pl.tfree_to_aiv(p)
