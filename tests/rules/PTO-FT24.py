# rule: PTO-FT24
# line: 16
# message: tile.matmul_acc: the accumulator is a 16x32 row window of a 32x32 Acc (L0C) tile, which is not contiguous in L0C's block layout and cannot be a matmul destination — the hardware MAD writes its result compactly and has no destination stride, so only the first 16 columns of each row tile would be correct.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[32, 64], pl.FP16], b: pl.Tensor[[64, 32], pl.FP16], c: pl.Tensor[[16, 64], pl.FP16], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        ta = pl.load(a, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        tb = pl.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        tc = pl.load(c, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
        acc = pl.matmul(ta, tb)
        part = pl.slice(acc, [16, 32], [0, 0])
        part = pl.matmul_acc(part, tc, tb)
        out = pl.store(part, [0, 0], out)
    return out


@pl.jit
def twin(a: pl.Tensor[[32, 64], pl.FP16], b: pl.Tensor[[64, 32], pl.FP16], c: pl.Tensor[[32, 64], pl.FP16], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        ta = pl.load(a, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        tb = pl.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        tc = pl.load(c, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        acc = pl.matmul(ta, tb)
        part = pl.slice(acc, [32, 32], [0, 0])
        part = pl.matmul_acc(part, tc, tb)
        out = pl.store(part, [0, 0], out)
    return out
