# rule: PTO-L1
# line: 12
# message: LowerAutoVectorSplit: the V->C boundary tile.move here carries a full-width vector operand 'h'. tile.aic_gather reassembles the two AIV lanes' per-lane halves into the full tile the cube expects, so its operand must be a value the split halving produced (a tile.load / tile.slice / elementwise result inside the vector sub-region). An un-halved value has no half to gather — either derive the per-lane half first (load or slice the value inside the split function) and move that to the cube side, or, if the split axis is a singleton that cannot be halved, keep the value on the vector side.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[1, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="faulty"):
        h = pl.exp(x)
        out[:] = pl.matmul(h, w, out_dtype=pl.FP32)
    return out


@pl.jit
def twin(x: pl.Tensor[[1, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)], name_hint="twin"):
        h = pl.exp(x)
        out[:] = pl.matmul(h, w, out_dtype=pl.FP32)
    return out
