# rule: PTO-F187
# line: 11
# message: Tile annotation with MemRef must also specify an explicit MemorySpace
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.Inline)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], z: pl.Tile[[64, 64], pl.FP32, pl.MemRef(0, 0, 16384)], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.Inline)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], z: pl.Tile[[64, 64], pl.FP32, pl.MemRef(0, 0, 16384), pl.Mem.Vec], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y
