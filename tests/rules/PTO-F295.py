# rule: PTO-F295
# line: 11
# message: external_source is only valid on FunctionType.AIC or FunctionType.AIV, got FunctionType.InCore for function 'kern'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore, external_source="PTO-F295.py")
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        ...


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV, external_source="PTO-F295.py")
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        ...
