# rule: PTO-F126
# line: 12
# message: pl.dump_tag() is only valid inside an Orchestration or Inline function
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32]):
        pl.dump_tag(x)
        t = pl.load(x, [0, 0], [64, 64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.Inline)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32]):
        pl.dump_tag(x)
        t = pl.load(x, [0, 0], [64, 64])
