# rule: PTO-TD241
# line: 13
# message: pl.tile operation 'reshape': tile.reshape: cannot reshape [64, 64] to [32, 128] because its real data extends a runtime number of rows (k) and no dimension of [32, 128] has the matching row size of 64 elements. Keep that dimension intact in the target shape, or copy the real data out first (pl.slice / pl.store).
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], k: pl.Scalar[pl.INDEX]):
        rows = pl.tile.set_validshape(pl.load(x, [0, 0], [64, 64]), k, 64)
        halves = pl.tile.reshape(rows, [32, 128])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], k: pl.Scalar[pl.INDEX]):
        rows = pl.tile.set_validshape(pl.load(x, [0, 0], [64, 64]), k, 64)
        halves = pl.tile.reshape(rows, [64, 2, 32])
