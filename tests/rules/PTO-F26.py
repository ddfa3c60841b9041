# rule: PTO-F26
# line: 17
# message: Unsupported function call: scale_of(t)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


def scale_of(x):
    return x * 0.5


@pl.program
class Calls:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        y = scale_of(t)
        out = pl.store(y, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        y = pl.mul(t, 0.5)
        out = pl.store(y, [0, 0], out)
        return out
