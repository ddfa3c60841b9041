# rule: PTO-F22
# line: 13
# message: Cannot reassign 't' with a different type: was pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec], got pl.Tile[[64, 64], pl.BF16, pl.Mem.Vec]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Rebind:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.BF16]]) -> pl.Tensor[[64, 64], pl.BF16]:
        t = pl.exp(pl.load(x, [0, 0], [64, 64]))
        t = pl.cast(t, pl.BF16)
        out = pl.store(t, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.BF16]]) -> pl.Tensor[[64, 64], pl.BF16]:
        t = pl.exp(pl.load(x, [0, 0], [64, 64]))
        t_bf16 = pl.cast(t, pl.BF16)
        out = pl.store(t_bf16, [0, 0], out)
        return out
