# rule: PTO-TD215
# line: 13
# message: pl.tile operation 'slice': tile.slice cannot drop dimension 0: its valid extent is 0, which is not provably 1. Rank reduction erases an axis, so the axis must be fully valid; keep the dimension instead of dropping it
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        part = pl.load(x, [0, 0], [64, 64], valid_shape=[8, 64])
        row = pl.tile.slice(part, [1, 64], [8, 0], drop_dims=[0])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        part = pl.load(x, [0, 0], [64, 64], valid_shape=[8, 64])
        row = pl.tile.slice(part, [1, 64], [7, 0], drop_dims=[0])
