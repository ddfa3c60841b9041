# rule: PTO-FT22
# line: 12
# message: LegalizeTileCast: no native cast path from fp32 to uint32 for arch a2a3; pto.tcvt does not support this conversion
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.UINT32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        t = pl.load(x, [0, 0], [16, 64])
        c = pl.cast(t, pl.UINT32)
        out = pl.store(c, [0, 0], out)
    return out


@pl.jit
def twin(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.INT8]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        t = pl.load(x, [0, 0], [16, 64])
        c = pl.cast(t, pl.INT8)
        out = pl.store(c, [0, 0], out)
    return out
