# rule: PTO-SV2
# line: 22
# message: SplitVectorKernel found conflicting cross-core split modes in function body
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIC)
    def producer(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        peer = pl.import_peer_buffer(name="c2v", peer_func="consumer")
        pl.aic_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        am = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        c = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(am, target_memory=pl.Mem.Right))
        pl.tpush_to_aiv(c, split=1)
        pl.tpush_to_aiv(c, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def consumer(
        self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        ring = pl.reserve_buffer(name="c2v", size=2048, base=pl.AUTO)
        pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tpop_from_aic(split=1)
        d: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tpop_from_aic(split=2)
        r = pl.add(c, d)
        pl.tfree_to_aic(c)
        pl.tfree_to_aic(d)
        out = pl.store(r, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        self.producer(a, out)
        r = self.consumer(a, out)
        return r


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIC)
    def producer(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        peer = pl.import_peer_buffer(name="c2v", peer_func="consumer")
        pl.aic_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        am = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        c = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(am, target_memory=pl.Mem.Right))
        pl.tpush_to_aiv(c, split=1)
        pl.tpush_to_aiv(c, split=3)

    @pl.function(type=pl.FunctionType.AIV)
    def consumer(
        self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        ring = pl.reserve_buffer(name="c2v", size=2048, base=pl.AUTO)
        pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tpop_from_aic(split=1)
        d: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tpop_from_aic(split=3)
        r = pl.add(c, d)
        pl.tfree_to_aic(c)
        pl.tfree_to_aic(d)
        out = pl.store(r, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        self.producer(a, out)
        r = self.consumer(a, out)
        return r
