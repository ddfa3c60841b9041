# rule: PTO-F150
# line: 13
# message: pl.Tensor[..., pl.DN] is not supported: the DN layout-only shorthand forces two coordinate systems (IR-logical post-view vs. runtime row-major) onto one annotation
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        u: pl.Tensor[[64, 64], pl.FP32, pl.DN] = x
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        u: pl.Tensor[[64, 64], pl.FP32, pl.ND] = x
        y = pl.store(t, [0, 0], y)
        return y
