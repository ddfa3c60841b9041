# target: a5
# rule: PTO-SP4
# line: 17
# message: gathering all four MX matmul operands before consuming any requires pl.cross_core_slot(slot_num=4); gathered Mat tiles retain their FIFO slots until their consumers release them, so slot_num=2 is not enough
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(
    a: pl.Tensor[[64, 64], pl.FP16],
    sa: pl.Tensor[[64, 2], pl.FP8E8M0],
    b: pl.Tensor[[64, 64], pl.FP16],
    sb: pl.Tensor[[2, 64], pl.FP8E8M0],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=2)], name_hint="faulty"):
        a8 = pl.cast(pl.load(a, [0, 0], [64, 64]), pl.FP8E4M3FN)
        b8 = pl.cast(pl.load(b, [0, 0], [64, 64]), pl.FP8E4M3FN)
        a_scale = pl.load(sa, [0, 0], [64, 2])
        b_scale = pl.load(sb, [0, 0], [2, 64])
        acc = pl.matmul_mx(a8, a_scale, b8, b_scale)
        out = pl.store(acc, [0, 0], out)
    return out


@pl.jit
def twin(
    a: pl.Tensor[[64, 64], pl.FP16],
    sa: pl.Tensor[[64, 2], pl.FP8E8M0],
    b: pl.Tensor[[64, 64], pl.FP16],
    sb: pl.Tensor[[2, 64], pl.FP8E8M0],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4)], name_hint="twin"):
        a8 = pl.cast(pl.load(a, [0, 0], [64, 64]), pl.FP8E4M3FN)
        b8 = pl.cast(pl.load(b, [0, 0], [64, 64]), pl.FP8E4M3FN)
        a_scale = pl.load(sa, [0, 0], [64, 2])
        b_scale = pl.load(sb, [0, 0], [2, 64])
        acc = pl.matmul_mx(a8, a_scale, b8, b_scale)
        out = pl.store(acc, [0, 0], out)
    return out
