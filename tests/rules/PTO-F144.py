# rule: PTO-F144
# line: 26
# message: pld.tensor.alloc_window_buffer 'name' kwarg cannot be passed explicitly — it is auto-derived from the assignment LHS ('data_buf')
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld

N = 2
S = 64


@pl.jit.incore
def kern(x: pl.Tensor[[1, S], pl.FP32], y: pl.Out[pl.Tensor[[1, S], pl.FP32]], data: pld.DistributedTensor[[1, S], pl.FP32]):
    local = pl.load(x, [0, 0], [1, S])
    y = pl.store(local, [0, 0], y)
    return y


@pl.jit
def per_rank(x: pl.Tensor[[1, S], pl.FP32], y: pl.Out[pl.Tensor[[1, S], pl.FP32]], data: pld.DistributedTensor[[1, S], pl.FP32]):
    return kern(x, y, data)


@pl.jit.host
def faulty(x: pl.Tensor[[N, 1, S], pl.FP32], y: pl.Out[pl.Tensor[[N, 1, S], pl.FP32]]):
    data_buf = pld.alloc_window_buffer([1, S], dtype=pl.FP32, name="d")
    for r in pl.range(pld.world_size()):
        data = pld.window(data_buf, [1, S], dtype=pl.FP32)
        per_rank(x[r], y[r], data, device=r)


@pl.jit.host
def twin(x: pl.Tensor[[N, 1, S], pl.FP32], y: pl.Out[pl.Tensor[[N, 1, S], pl.FP32]]):
    twin_buf = pld.alloc_window_buffer([1, S], dtype=pl.FP32)
    for r in pl.range(pld.world_size()):
        data = pld.window(twin_buf, [1, S], dtype=pl.FP32)
        per_rank(x[r], y[r], data, device=r)
