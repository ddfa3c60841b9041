# rule: PTO-TD209
# line: 24
# message: pl operation 'tpop_from_aic': shape and dtype must both be provided or both omitted
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIC)
    def producer(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        peer = pl.import_peer_buffer(name="c2v", peer_func="consumer")
        pl.aic_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        am = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        c = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(am, target_memory=pl.Mem.Right))
        pl.tpush_to_aiv(c, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def consumer(
        self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        ring = pl.reserve_buffer(name="c2v", size=2048, base=pl.AUTO)
        pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        c = pl.tpop_from_aic(split=0, shape=[16, 16])
        r = pl.mul(c, 0.5)
        pl.tfree_to_aic(c)
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
        pl.tpush_to_aiv(c, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def consumer(
        self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        ring = pl.reserve_buffer(name="c2v", size=2048, base=pl.AUTO)
        pl.aiv_initialize_pipe(ring, pl.const(0, pl.INT32), dir_mask=1, slot_size=1024)
        c = pl.tpop_from_aic(split=0, shape=[16, 16], dtype=pl.FP32)
        r = pl.mul(c, 0.5)
        pl.tfree_to_aic(c)
        out = pl.store(r, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        self.producer(a, out)
        r = self.consumer(a, out)
        return r
