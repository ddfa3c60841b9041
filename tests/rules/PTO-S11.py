# rule: PTO-S11
# line: 12
# message: tile.aic_gather: the Vector -> Cube boundary tile's split axis (dim 0) leaves the two AIV lanes 32 and 31 cells. Each lane hands the cube a band placed at its OWN extent, so the two only abut when the lanes are equal — the gather has no odd form. Pad that axis to 64 and narrow the cube-side result with pl.tile.set_validshape(...).
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[63, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[63, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="faulty"):
        h = pl.exp(x)
        out[:] = pl.matmul(h, w, out_dtype=pl.FP32)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="twin"):
        h = pl.exp(x)
        out[:] = pl.matmul(h, w, out_dtype=pl.FP32)
    return out
