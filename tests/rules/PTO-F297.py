# rule: PTO-F297
# line: 20
# message: Parameter 'n' shadows the dynamic symbol 'n', which an earlier parameter's type annotation already uses
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


n = pl.dynamic("n")


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[n, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[n, 64], pl.FP32]:
        return x


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX], x: pl.Tensor[[n, 64], pl.FP32]) -> pl.Tensor[[n, 64], pl.FP32]:
        return x
