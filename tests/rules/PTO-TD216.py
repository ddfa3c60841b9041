# rule: PTO-TD216
# line: 13
# message: pl.tensor operation 'gather_row': The operator tensor.gather_row requires shapes[1] to be a compile-time constant (it sizes pto.subview, whose sizes is a static attribute), but got a runtime value. Pass a dynamic row count through valid_shape instead — it keeps the window (and so the tile allocation and box alignment) static while varying only the transfer length.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(h: pl.Tensor[[256, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        n = 64
        acc = pl.tensor.create_l1([16, 64], pl.FP16)
        acc = pl.tensor.gather_row(acc, h, [0, 0], [0, 0], [1, n])
    return out


@pl.jit
def twin(h: pl.Tensor[[256, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        n = 64
        acc = pl.tensor.create_l1([16, 64], pl.FP16)
        acc = pl.tensor.gather_row(acc, h, [0, 0], [0, 0], [1, 64], valid_shape=[1, n])
    return out
