# rule: PTO-TD217
# line: 13
# message: pl.tensor operation 'gather_row': The operator tensor.gather_row does not support a dynamic valid_shape together with transpose=True (the DN2NZ per-row path would need a runtime column extent on a boxed NZ tile). Use a static valid_shape with transpose=True, or gather without transpose and read the operand with matmul(b_trans=True).
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(h: pl.Tensor[[256, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        n = 64
        acc = pl.tensor.create_l1([64, 16], pl.FP16)
        acc = pl.tensor.gather_row(acc, h, [0, 0], [0, 0], [16, 64], transpose=True, valid_shape=[16, n])
    return out


@pl.jit
def twin(h: pl.Tensor[[256, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        n = 64
        acc = pl.tensor.create_l1([64, 16], pl.FP16)
        acc = pl.tensor.gather_row(acc, h, [0, 0], [0, 0], [16, 64], transpose=True, valid_shape=[16, 64])
    return out
