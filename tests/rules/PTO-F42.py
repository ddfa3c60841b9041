# rule: PTO-F42
# line: 11
# message: Variable 't' is already defined
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore, strict_ssa=True)
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [64, 64])
    t = pl.exp(t)
    result = pl.store(t, [0, 0], out)
    return result


@pl.function(type=pl.FunctionType.InCore, strict_ssa=True)
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [64, 64])
    e = pl.exp(t)
    result = pl.store(e, [0, 0], out)
    return result
