# rule: PTO-F45
# line: 17
# message: pl.func_attr() argument must be a dict literal
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


ATTRS = {"split": pl.SplitMode.UP_DOWN}


@pl.program
class Attrs:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr(ATTRS)
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(pl.exp(t), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(pl.exp(t), [0, 0], out)
        return out
