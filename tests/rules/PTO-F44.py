# rule: PTO-F44
# line: 15
# message: pl.func_attr() must appear before every other statement in 'faulty'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent (two prologue calls).
import pypto.language as pl

TILE = 64


@pl.program
class Attrs:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        out = pl.store(pl.exp(t), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        # Every leading pl.func_attr is part of the prologue: the parser merges them.
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        pl.func_attr({"dual_aiv_dispatch": False})
        t = pl.load(x, [0, 0], [64, 64])
        out = pl.store(pl.exp(t), [0, 0], out)
        return out
