# rule: PTO-TD219
# line: 13
# message: pl.tile operation 'reshape': tile.reshape: cannot reshape [64, 64] to [32, 128] because only part of it holds real data (valid_shape [64, 32]). Dimension 1 is valid for 32 of 64, so the real data is scattered across the buffer rather than filling it from the start, and no region of the new shape describes the same cells. Reshape the full extent and narrow afterwards, or copy the real data out first (pl.slice / pl.store).
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        part = pl.load(x, [0, 0], [64, 64], valid_shape=[64, 32])
        flat = pl.tile.reshape(part, [32, 128])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        part = pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64])
        flat = pl.tile.reshape(part, [32, 128])
