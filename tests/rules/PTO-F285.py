# rule: PTO-F285
# line: 12
# message: @pl.function attr 'core_hint' references a variable, which a function attr cannot carry
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore, attrs={"core_hint": N})
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore, attrs={"core_hint": 4})
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y
