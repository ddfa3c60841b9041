# rule: PTO-F308
# line: 15
# message: MemRef byte_offset must be an index expression, got: OFFSET
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

OFFSET = 0.5
BASE = 0


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", OFFSET, 16384), pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", BASE, 16384), pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])
        y = pl.store(t, [0, 0], y)
        return y
