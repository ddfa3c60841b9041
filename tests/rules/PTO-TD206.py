# rule: PTO-TD206
# line: 14
# message: pl.tile operation 'row_expand_add': The operator tile.row_expand_add requires row-major src1 valid last dimension to be 8, but got valid_shape [64, 16]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[64, 16], pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        row = pl.load(v, [0, 0], [64, 16])
        r = pl.tile.row_expand_add(t, row)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[64, 16], pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        row = pl.load(v, [0, 0], [64, 8])
        r = pl.tile.row_expand_add(t, row)
