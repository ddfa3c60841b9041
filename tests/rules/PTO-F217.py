# rule: PTO-F217
# line: 11
# message: Failed to parse function 'main': For loop has 1 iteration arguments but 0 return variables. They must match.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        for k, (a, x[0]) in pl.range(4, init_values=(0, 0)):
            a2, b2 = pl.yield_(k, a)
        return x


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        for k, (a, b) in pl.range(4, init_values=(0, 0)):
            a2, b2 = pl.yield_(k, a)
        return x
