# rule: PTO-TD208
# line: 14
# message: Error in pl.tile operation 'mrgsort_format2': mrgsort_format2() requires 3-5 positional arguments (src0, src1[, src2[, src3]], tmp), got 2
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a_gm: pl.Tensor[[1, 256], pl.FP32], b_gm: pl.Tensor[[1, 256], pl.FP32]):
        a = pl.load(a_gm, [0, 0], [1, 256])
        b = pl.load(b_gm, [0, 0], [1, 256])
        r = pl.tile.mrgsort_format2(a, b)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a_gm: pl.Tensor[[1, 256], pl.FP32], b_gm: pl.Tensor[[1, 256], pl.FP32]):
        a = pl.load(a_gm, [0, 0], [1, 256])
        b = pl.load(b_gm, [0, 0], [1, 256])
        t = pl.tile.create([1, 512], dtype=pl.FP32)
        r = pl.tile.mrgsort_format2(a, b, t)
