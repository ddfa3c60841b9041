# rule: PTO-TD218
# line: 12
# message: pl.tensor operation 'gather_row': tensor.gather_row valid_shape dimension 0 extent 32 provably exceeds physical shape extent 16
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(h: pl.Tensor[[256, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.tensor.create_l1([16, 64], pl.FP16)
        acc = pl.tensor.gather_row(acc, h, [0, 0], [0, 0], [16, 64], valid_shape=[32, 64])
    return out


@pl.jit
def twin(h: pl.Tensor[[256, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.tensor.create_l1([16, 64], pl.FP16)
        acc = pl.tensor.gather_row(acc, h, [0, 0], [0, 0], [16, 64], valid_shape=[16, 64])
    return out
