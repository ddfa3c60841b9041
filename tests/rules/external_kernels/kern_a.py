"""A module-level @pl.function for PTO-F294b's fixture (two modules, one function name)."""

import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kern(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
    t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
    y = pl.store(t, [0], y)
    return y
