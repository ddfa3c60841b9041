# rule: PTO-F314
# line: 25
# message: @pl.jit: missing inferred tensor metadata for parameter 'a'. This usually means the tensor's shape/dtype could not be statically determined. Pass the tensor directly as a function argument, or ensure any intermediate pl.create_tensor() used for this parameter has a statically inferable shape and dtype.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit.incore
def k1(a: pl.Tensor, y: pl.Out[pl.Tensor]):
    t = pl.load(a, [0], [64])
    y = pl.store(t, [0], y)
    return y


@pl.jit.incore
def k2(a: pl.Tensor, y: pl.Out[pl.Tensor]):
    t = pl.load(a, [0], [64])
    y = pl.store(t, [0], y)
    return y


@pl.jit
def faulty(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    t = pl.add(x, x)
    y = k1(t, y)
    return y


@pl.jit
def twin(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    t = pl.create_tensor([64], dtype=pl.FP32)
    y = k2(t, y)
    return y
