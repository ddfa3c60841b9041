# rule: PTO-F258
# line: 15
# message: Layout variable 'LAYOUT' must be a TensorLayout, got str
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

LAYOUT = "ND"
LAYOUT_OK = pl.ND


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        u: pl.Tensor[[64, 64], pl.FP32, LAYOUT] = x
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(u, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        u: pl.Tensor[[64, 64], pl.FP32, LAYOUT_OK] = x
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(u, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y
