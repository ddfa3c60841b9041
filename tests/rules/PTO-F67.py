# rule: PTO-F67
# line: 11
# message: Slice step is not supported in tensor subscript
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[8, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        rows = x[0:16:2, :]
        out = pl.assemble(out, pl.mul(rows, 2.0), [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[8, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        rows = x[0:8, :]
        out = pl.assemble(out, pl.mul(rows, 2.0), [0, 0])
    return out
