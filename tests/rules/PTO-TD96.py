# rule: PTO-TD96
# line: 14
# message: pl operation 'row_argmax': The operator tile.row_argmax requires tmp_tile shape to exactly match the input shape, but dimension 1 differs; got tmp_tile shape [64, 128] and input shape [64, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 128], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        w = pl.load(b, [0, 0], [64, 128])
        r = pl.row_argmax(t, w)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 128], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.row_argmax(t, t)
