# rule: PTO-F215
# line: 11
# message: Failed to parse function 'main': While loop has 2 iteration arguments but 0 return variables. They must match.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        for i, acc in pl.while_(init_values=(0, 0)):
            pl.cond(i < n)
            i2 = i + 1
            pl.cond(i2 < n)
            i3, acc3 = pl.yield_(i2, acc + i)
        return x


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        for i, acc in pl.while_(init_values=(0, 0)):
            pl.cond(i < n)
            i2 = i + 1
            i3, acc3 = pl.yield_(i2, acc + i)
        return x
