# rule: PTO-F300
# line: 17
# message: Unsupported closure variable type: str
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


MODE = "fast"
SCALE = 2


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        m = MODE
        t = pl.mul(t, 2.0)
        y = pl.store(t, [0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        m = SCALE
        t = pl.mul(t, 2.0)
        y = pl.store(t, [0], y)
        return y
