# rule: PTO-MK6
# line: 13
# message: AIC function 'cube_side' uses C2V cross-core ops but has no 'system.import_peer_buffer'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

D = 16


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(self, a: pl.Tensor[[D, D], pl.FP16], b: pl.Tensor[[D, D], pl.FP16]):
        ring = pl.reserve_buffer(name="v2c", size=4096, base=pl.AUTO)
        pl.aic_initialize_pipe(pl.const(0, pl.INT32), ring, dir_mask=2, slot_size=1024)
        am = pl.load(a, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        c = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(bm, target_memory=pl.Mem.Right))
        pl.tpush_to_aiv(c, split=0)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(self, a: pl.Tensor[[D, D], pl.FP16], b: pl.Tensor[[D, D], pl.FP16]):
        peer = pl.import_peer_buffer(name="c2v", peer_func="vec_side")
        pl.aic_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        am = pl.load(a, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        c = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(bm, target_memory=pl.Mem.Right))
        pl.tpush_to_aiv(c, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def vec_side(self, out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        ring = pl.reserve_buffer(name="c2v", size=2048, base=pl.AUTO)
        pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        c: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.tpop_from_aic(split=0)
        r = pl.exp(c)
        pl.tfree_to_aic(c)
        out = pl.store(r, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def pair(self, a: pl.Tensor[[D, D], pl.FP16], b: pl.Tensor[[D, D], pl.FP16], out: pl.Out[pl.Tensor[[D, D], pl.FP32]]) -> pl.Tensor[[D, D], pl.FP32]:
        self.cube_side(a, b)
        r = self.vec_side(out)
        return r
