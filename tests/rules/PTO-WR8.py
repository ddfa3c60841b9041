# rule: PTO-WR8
# line: 14
# message: pl.matmul: out_dtype=fp16 is not supported for Tile operands — the Cube accumulator fixes the result dtype, deduced as fp32 here. Convert the result explicitly with pl.cast(result, <dtype>), or let pl.tile.store narrow it on the way to GM.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul(l, r, out_dtype=pl.FP16)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16]):
        l = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul(l, r, out_dtype=pl.FP32)
