# rule: PTO-F293
# line: 11
# message: SubWorker function 'helper' must not declare 'self'; declare it as a self-contained function inside @pl.program.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def helper(self, x: pl.Tensor[[64], pl.FP32]):
        print(x)

    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y


@pl.program
class Twin:
    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def helper(x: pl.Tensor[[64], pl.FP32]):
        print(x)

    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y
