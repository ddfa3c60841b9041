# rule: PTO-F296
# line: 11
# message: External kernel 'kern' must have an empty '...' body (signature only) — its implementation is the C++ source given by external_source.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIV, external_source="PTO-F296.py")
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV, external_source="PTO-F296.py")
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        ...
