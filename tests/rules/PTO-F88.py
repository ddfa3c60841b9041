# rule: PTO-F88
# line: 12
# message: Variable 'u' used outside its defining scope
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Escapes:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for b in pl.range(4):
            t = pl.load(x, [b * 16, 0], [16, 64])
            u = pl.exp(t)
        out = pl.store(u, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for b in pl.range(4):
            t = pl.load(x, [b * 16, 0], [16, 64])
            out_new = pl.store(pl.exp(t), [b * 16, 0], out)
        return out_new
