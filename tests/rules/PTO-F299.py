# rule: PTO-F299
# line: 14
# message: Evaluation statement must be an IR expression, got NoneType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        for i in pl.range(4):
            t.yield_()
        y = pl.store(t, [0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        for i in pl.range(4):
            pl.yield_()
        y = pl.store(t, [0], y)
        return y
