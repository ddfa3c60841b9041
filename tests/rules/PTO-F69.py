# rule: PTO-F69
# line: 10
# message: pl.at() 'name_hint' must be a valid non-keyword identifier, got 'row norm'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="row norm"):
        out = pl.assemble(out, pl.mul(x, 2.0), [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="row_norm"):
        out = pl.assemble(out, pl.mul(x, 2.0), [0, 0])
    return out
