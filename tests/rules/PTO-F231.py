# rule: PTO-F231
# line: 8
# message: @pl.jit.opaque does not accept an auto_scope= argument (auto_scope is only meaningful for the Orchestration entry, the HOST orchestrator, and inline sub-functions)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit.opaque(auto_scope=False)
def faulty(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    t = pl.load(x, [0], [64])
    y = pl.store(t, [0], y)
    return y


@pl.jit.opaque
def twin(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    t = pl.load(x, [0], [64])
    y = pl.store(t, [0], y)
    return y


@pl.jit
def entry(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    y = twin(x, y)
    return y
