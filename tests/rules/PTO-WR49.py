# rule: PTO-WR49
# line: 13
# message: pl.tile operation 'slice': valid_shape and shape must have same number of dimensions, got 1 valid_shape dims and 2 shape dims
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[1, 64], pl.INT32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.slice(t, [32, 64], [0, 0], valid_shape=[16])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[1, 64], pl.INT32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.slice(t, [32, 64], [0, 0], valid_shape=[16, 64])
