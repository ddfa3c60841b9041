# rule: PTO-MK8
# line: 15
# message: Function 'vec_side': 'system.aiv_initialize_pipe' requires valid 'dir_mask' attribute
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

D = 16


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIV)
    def vec_side(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        peer = pl.import_peer_buffer(name="v2c", peer_func="cube_side")
        pl.aiv_initialize_pipe(pl.const(0, pl.INT32), peer, dir_mask=6, slot_size=1024)
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        pl.tpush_to_aic(t, split=0)

    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        ring = pl.reserve_buffer(name="v2c", size=4096, base=pl.AUTO)
        pl.aic_initialize_pipe(pl.const(0, pl.INT32), ring, dir_mask=2, slot_size=1024)
        g0: pl.Tile[[D, D], pl.FP32, pl.Mem.Mat] = pl.tpop_from_aiv(split=0)
        pl.tfree_to_aiv(g0)
        res = pl.load(a, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        return pl.store(res, [0, 0], out)

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        r = self.cube_side(a, out)
        self.vec_side(a, out)
        return r


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV)
    def vec_side(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]):
        peer = pl.import_peer_buffer(name="v2c", peer_func="cube_side")
        pl.aiv_initialize_pipe(pl.const(0, pl.INT32), peer, dir_mask=2, slot_size=1024)
        t: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [D, D])
        pl.tpush_to_aic(t, split=0)

    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        ring = pl.reserve_buffer(name="v2c", size=4096, base=pl.AUTO)
        pl.aic_initialize_pipe(pl.const(0, pl.INT32), ring, dir_mask=2, slot_size=1024)
        g0: pl.Tile[[D, D], pl.FP32, pl.Mem.Mat] = pl.tpop_from_aiv(split=0)
        pl.tfree_to_aiv(g0)
        res = pl.load(a, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        return pl.store(res, [0, 0], out)

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP32], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        r = self.cube_side(a, out)
        self.vec_side(a, out)
        return r
