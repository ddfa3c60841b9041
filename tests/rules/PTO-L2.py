# rule: PTO-L2
# line: 16
# message: LowerAutoVectorSplit: the V->C boundary operand 'e3' carries its split on dim 2, but tile.aic_gather reassembles a 2D tile along dim 0 or dim 1 only. Cross to the cube side before the op that moved the split axis there.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Batched:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[2, 64, 64], pl.FP16], out: pl.Out[pl.Tensor[[2, 32, 64], pl.FP32]]) -> pl.Tensor[[2, 32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.LEFT_RIGHT})
        t = pl.load(x, [0, 0], [64, 64])
        e3 = pl.reshape(pl.exp(t), [2, 32, 64])
        wt = pl.load(w, [0, 0, 0], [2, 64, 64], target_memory=pl.Mem.Mat)
        r = pl.batch_matmul(e3, wt)
        out = pl.store(r, [0, 0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[2, 64, 64], pl.FP16], out: pl.Out[pl.Tensor[[2, 32, 64], pl.FP32]]) -> pl.Tensor[[2, 32, 64], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.UP_DOWN})
        t = pl.load(x, [0, 0], [64, 64])
        e3 = pl.reshape(pl.exp(t), [2, 32, 64])
        wt = pl.load(w, [0, 0, 0], [2, 64, 64], target_memory=pl.Mem.Mat)
        r = pl.batch_matmul(e3, wt)
        out = pl.store(r, [0, 0, 0], out)
        return out
