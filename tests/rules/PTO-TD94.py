# rule: PTO-TD94
# line: 14
# message: pl operation 'row_sum': The operator tile.row_sum requires tmp_tile dtype to match input dtype, but got tmp_tile dtype fp16 and input dtype fp32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP16]):
        t = pl.load(a, [0, 0], [64, 64])
        w = pl.load(b, [0, 0], [64, 64])
        r = pl.row_sum(t, w)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP16]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.row_sum(t, t)
