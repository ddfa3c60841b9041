# rule: PTO-F241
# line: 11
# message: Tensor() takes at most 6 positional arguments but 7 were given
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.Inline)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], z: pl.Tensor([64], pl.FP32, None, None, None, True, 1), y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.Inline)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], z: pl.Tensor([64, 64], pl.FP32), y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y
