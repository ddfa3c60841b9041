# rule: PTO-TD111
# line: 12
# message: pl.tile operation 'scatter': The operator tile.scatter requires dst dtype (fp16) to match src dtype (fp32)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, d: pl.Tensor[[64, 64], pl.FP16], s: pl.Tensor[[64, 16], pl.FP32], i: pl.Tensor[[64, 16], pl.INT32]):
        r = pl.tile.scatter(pl.load(d, [0, 0], [64, 64]), pl.load(s, [0, 0], [64, 16]), pl.load(i, [0, 0], [64, 16]))


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, d: pl.Tensor[[64, 64], pl.FP32], s: pl.Tensor[[64, 16], pl.FP32], i: pl.Tensor[[64, 16], pl.INT32]):
        r = pl.tile.scatter(pl.load(d, [0, 0], [64, 64]), pl.load(s, [0, 0], [64, 16]), pl.load(i, [0, 0], [64, 16]))
