# rule: PTO-F238
# line: 11
# message: Tile annotation can contain at most one TileView
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.Inline)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], z: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(start_offset=0), pl.TileView(valid_shape=[64, 64], start_offset=0)], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.Inline)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], z: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y
