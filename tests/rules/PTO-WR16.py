# rule: PTO-WR16
# line: 15
# message: pl.tile operation 'mrgsort': mrgsort() format2 requires tmp; use mrgsort(src0, src1[, src2[, src3]], tmp=<tile>)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a_gm: pl.Tensor[[1, 256], pl.FP32], b_gm: pl.Tensor[[1, 256], pl.FP32]):
        a = pl.load(a_gm, [0, 0], [1, 256])
        b = pl.load(b_gm, [0, 0], [1, 256])
        tmp = pl.tile.create([1, 512], dtype=pl.FP32)
        r = pl.tile.mrgsort(a, b, tmp)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a_gm: pl.Tensor[[1, 256], pl.FP32], b_gm: pl.Tensor[[1, 256], pl.FP32]):
        a = pl.load(a_gm, [0, 0], [1, 256])
        b = pl.load(b_gm, [0, 0], [1, 256])
        tmp = pl.tile.create([1, 512], dtype=pl.FP32)
        r = pl.tile.mrgsort(a, b, tmp=tmp)
