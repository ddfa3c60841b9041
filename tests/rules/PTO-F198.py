# rule: PTO-F198
# line: 14
# message: Array subscript requires [extent, dtype], got: 8
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        n = pl.tile.get_block_idx()
        arr: pl.Array[8] = pl.array.create(8, pl.INT32)
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        n = pl.tile.get_block_idx()
        arr: pl.Array[8, pl.INT32] = pl.array.create(8, pl.INT32)
        y = pl.store(t, [0, 0], y)
        return y
