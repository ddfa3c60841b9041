# rule: PTO-F87
# line: 15
# message: Standalone attribute access not supported: math.pi
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import math

import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        half = math.pi * 0.5
        out = pl.store(pl.add(t, half), [0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        # A bare module constant as a positional op argument is evaluated in the closure.
        out = pl.store(pl.add(t, math.pi), [0, 0], out)
        return out
