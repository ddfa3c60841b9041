# rule: PTO-TD225
# line: 15
# message: pl operation 'gemv': GEMV requires lhs logical row extent to be exactly 1, but got valid_shape [rows, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[1, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], rows: pl.Scalar[pl.INDEX]):
        l = pl.load(a, [0, 0], [1, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        row = pl.tile.set_validshape(l, rows, 64)
        c = pl.gemv(row, r)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[1, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], cols: pl.Scalar[pl.INDEX]):
        l = pl.load(a, [0, 0], [1, 64], target_memory=pl.Mem.Mat)
        r = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        row = pl.tile.set_validshape(l, 1, cols)
        c = pl.gemv(row, r)
