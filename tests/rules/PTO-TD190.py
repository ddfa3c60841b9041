# rule: PTO-TD190
# line: 13
# message: pl.system operation 'sync_wait': system.sync_wait dynamic event id must have ScalarType(INDEX), got ScalarType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a_gm: pl.Tensor[[64, 64], pl.FP32], ws: pl.Tensor[[16], pl.INT32], n: pl.Scalar[pl.INT64]):
        a = pl.load(a_gm, [0, 0], [64, 64])
        pl.system.sync_wait(pipe=pl.PipeType.V, event_id=n)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a_gm: pl.Tensor[[64, 64], pl.FP32], ws: pl.Tensor[[16], pl.INT32], n: pl.Scalar[pl.INT32]):
        a = pl.load(a_gm, [0, 0], [64, 64])
        pl.system.sync_wait(pipe=pl.PipeType.V, event_id=pl.tile.get_block_idx())
