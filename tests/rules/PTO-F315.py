# rule: PTO-F315
# line: 25
# message: Unsupported DataType: task_id
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit.incore
def k1(a: pl.Tensor, y: pl.Out[pl.Tensor]):
    t = pl.load(y, [0], [64])
    y = pl.store(t, [0], y)
    return y


@pl.jit.incore
def k2(a: pl.Tensor, y: pl.Out[pl.Tensor]):
    t = pl.load(y, [0], [64])
    y = pl.store(t, [0], y)
    return y


@pl.jit
def faulty(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    t = pl.create_tensor([64], dtype=pl.TASK_ID)
    y = k1(t, y)
    return y


@pl.jit
def twin(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    t = pl.create_tensor([64], dtype=pl.INT32)
    y = k2(t, y)
    return y
