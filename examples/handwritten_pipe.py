# target: a2a3
# Hand-written cross-core pipe: the cube function (AIC) computes A @ B and pushes the
# accumulator tile through a C2V ring buffer; the vector function (AIV) pops it,
# applies exp and stores the result. A Group function launches the
# pair, and the Orchestration entry point calls the group.
import pypto.language as pl

D = 16
SLOT = D * D * 4
RING_BYTES = SLOT * 2


@pl.program
class HandPipe:
    @pl.function(type=pl.FunctionType.AIC)
    def producer(
        self,
        a: pl.Tensor[[D, D], pl.FP16],
        b: pl.Tensor[[D, D], pl.FP16],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ):
        peer = pl.import_peer_buffer(name="c2v_ring", peer_func="consumer")
        pl.aic_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=SLOT)
        am = pl.load(a, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [D, D], target_memory=pl.Mem.Mat)
        c = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(bm, target_memory=pl.Mem.Right))
        pl.tpush_to_aiv(c, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def consumer(
        self,
        a: pl.Tensor[[D, D], pl.FP16],
        b: pl.Tensor[[D, D], pl.FP16],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ) -> pl.Tensor[[D, D], pl.FP32]:
        ring = pl.reserve_buffer(name="c2v_ring", size=RING_BYTES, base=pl.AUTO)
        pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=SLOT)
        # FAULT: the popped slot is never handed back with pl.tfree_to_aic, so the producer
        # stalls once the ring is full. Fix: add `pl.tfree_to_aic(c)` after the last use of `c`.
        c: pl.Tile[[D, D], pl.FP32, pl.Mem.Vec] = pl.tpop_from_aic(split=0)
        r = pl.exp(c)
        out = pl.store(r, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self,
        a: pl.Tensor[[D, D], pl.FP16],
        b: pl.Tensor[[D, D], pl.FP16],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ) -> pl.Tensor[[D, D], pl.FP32]:
        self.producer(a, b, out)
        r = self.consumer(a, b, out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[D, D], pl.FP16],
        b: pl.Tensor[[D, D], pl.FP16],
        out: pl.Out[pl.Tensor[[D, D], pl.FP32]],
    ) -> pl.Tensor[[D, D], pl.FP32]:
        out = self.pair(a, b, out)
        return out
