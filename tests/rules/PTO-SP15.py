# target: a5
# rule: PTO-SP15
# line: 22
# message: MX scale transport: 'a_scale' is split along its scale-group axis, which needs boxed-layout transport handling that is not supported
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(
    a: pl.Tensor[[64, 64], pl.FP16],
    sa: pl.Tensor[[64, 2], pl.FP8E8M0],
    b: pl.Tensor[[64, 64], pl.FP8E4M3FN],
    sb: pl.Tensor[[2, 64], pl.FP8E8M0],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT), pl.cross_core_slot(slot_num=4)], name_hint="faulty"):
        a8 = pl.cast(pl.load(a, [0, 0], [64, 64]), pl.FP8E4M3FN)
        a_scale = pl.load(sa, [0, 0], [64, 2])
        b8 = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        b_scale = pl.load(sb, [0, 0], [2, 64], target_memory=pl.Mem.Mat)
        out = pl.store(pl.matmul_mx(a8, a_scale, b8, b_scale), [0, 0], out)
    return out


@pl.jit
def twin(
    a: pl.Tensor[[64, 64], pl.FP16],
    sa: pl.Tensor[[64, 2], pl.FP8E8M0],
    b: pl.Tensor[[64, 64], pl.FP8E4M3FN],
    sb: pl.Tensor[[2, 64], pl.FP8E8M0],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=4)], name_hint="twin"):
        a8 = pl.cast(pl.load(a, [0, 0], [64, 64]), pl.FP8E4M3FN)
        a_scale = pl.load(sa, [0, 0], [64, 2])
        b8 = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        b_scale = pl.load(sb, [0, 0], [2, 64], target_memory=pl.Mem.Mat)
        out = pl.store(pl.matmul_mx(a8, a_scale, b8, b_scale), [0, 0], out)
    return out
