# rule: PTO-F294
# line: 26
# message: External function 'kern' conflicts with program function 'kern'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kern(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
    t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
    y = pl.store(t, [0], y)
    return y


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.create_tensor([64], dtype=pl.FP32)
        y = kern(x, y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kern2(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        y = pl.store(t, [0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.create_tensor([64], dtype=pl.FP32)
        y = kern(x, y)
        return y
