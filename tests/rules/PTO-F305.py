# rule: PTO-F305
# line: 15
# message: TileView dimension 'ROWS' is bound to float, expected DynVar or int
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

ROWS = 1.0
ONE = 1


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", slots=2)[ROWS], pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", slots=2)[ONE], pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y
