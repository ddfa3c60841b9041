# rule: PTO-TD110
# line: 13
# message: pl.tile operation 'row_expand_add': The operator tile.row_expand_add requires src1 valid row extent to match src0/dst, but got src0 valid_shape [64, 64] and src1 valid_shape [32, 1]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[64, 1], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.tile.row_expand_add(t, pl.load(v, [0, 0], [32, 1]))


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[64, 1], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.tile.row_expand_add(t, pl.load(v, [0, 0], [64, 1]))
