# rule: PTO-F58
# line: 12
# message: pl.pipeline() requires stage= (positive integer)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc = pl.mul(x, 1.0)
        for i in pl.pipeline(4):
            acc = pl.add(acc, x)
        out = pl.assemble(out, acc, [0, 0])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        acc = pl.mul(x, 1.0)
        for i in pl.pipeline(4, stage=2):
            acc = pl.add(acc, x)
        out = pl.assemble(out, acc, [0, 0])
    return out
