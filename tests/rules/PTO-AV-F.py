# rule: PTO-AV-F
# line: 15
# message: 'e' is defined inside a pl.split_aiv region but 'tile.matmul' reads it on the CUBE lane outside that region, so the value crosses the AIV -> AIC boundary implicitly. In manual mode (this function opens a region) the crossing must be written down: wrap it in pl.aic_gather(...) inside the region — 'e = pl.aic_gather(e)' — and read the gathered value here.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            e = pl.exp(x)
        out[:] = pl.matmul(e, w)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            e = pl.exp(x)
            e = pl.aic_gather(e)
        out[:] = pl.matmul(e, w)
    return out
