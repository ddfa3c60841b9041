# rule: PTO-AV-E
# line: 13
# message: vector op 'tile.muls' sits outside every pl.split_aiv region, but this function already opens one, so the regions are authoritative for where vector work runs and this op has no lane to run on. Wrap this phase in its own region — 'for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):' runs the full body on both AIV lanes and is the task-parallel form for full-width compute — or move the op into an existing region.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        y = pl.mul(x, 2.0)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.exp(y)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            y = pl.mul(x, 2.0)
            out[:] = pl.exp(y)
    return out
