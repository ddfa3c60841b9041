# rule: PTO-F283
# line: 14
# message: Subscript-write syntax 'dst[...] = src' is only supported before SSA conversion
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program(strict_ssa=True)
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        u: pl.Tile[[32], pl.FP32] = pl.load(x, [0], [32])
        t[0:32] = u
        y2 = pl.store(t, [0], y)
        return y2


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        u: pl.Tile[[32], pl.FP32] = pl.load(x, [0], [32])
        t[0:32] = u
        y2 = pl.store(t, [0], y)
        return y2
