# rule: PTO-L7
# line: 13
# message: LowerAutoVectorSplit: function 'faulty' declares an AUTO split (optimizations=[pl.split(...)]) and is a mixed cube/vector kernel, but its body still contains a scope — whole-function halving does not cross a scope boundary, so the split cannot be applied. Declare the enclosing function with plain @pl.function / @pl.jit (Opaque) so OutlineIncoreScopes lifts the scope before this pass runs, or move the split declaration onto the scope itself.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Split:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        with pl.at(level=pl.Level.CORE_GROUP):
            acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
            out = pl.store(pl.exp(acc), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        acc = pl.matmul(pl.load(x, [0, 0], [64, 64], target_memory=pl.Mem.Mat), pl.load(w, [0, 0], [64, 64], target_memory=pl.Mem.Mat))
        out = pl.store(pl.exp(acc), [0, 0], out)
        return out
