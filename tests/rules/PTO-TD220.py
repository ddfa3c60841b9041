# rule: PTO-TD220
# line: 13
# message: pl.tile operation 'reshape': tile.reshape: cannot reshape [64, 64] to [32, 128] because only 192 of its elements hold real data (valid_shape [3, 64]), and no region of [32, 128] covers exactly those 192 elements -- they do not fill a whole number of rows there. Pick a target shape whose trailing dimensions divide it, or copy the real data out first (pl.slice / pl.store).
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        part = pl.load(x, [0, 0], [64, 64], valid_shape=[3, 64])
        flat = pl.tile.reshape(part, [32, 128])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        part = pl.load(x, [0, 0], [64, 64], valid_shape=[4, 64])
        flat = pl.tile.reshape(part, [32, 128])
