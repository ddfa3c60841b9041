# rule: PTO-F93
# line: 12
# message: 'auto_scope' cannot be set with pl.func_attr()
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Attrs:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"auto_scope": True})
        out = pl.store(pl.exp(pl.load(x, [0, 0], [64, 64])), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"dual_aiv_dispatch": True})
        out = pl.store(pl.exp(pl.load(x, [0, 0], [64, 64])), [0, 0], out)
        return out
