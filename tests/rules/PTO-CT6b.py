# rule: PTO-CT6b
# line: 11
# message: tensor.assemble with atomic=AtomicType.Add requires a tile source stored into a global-memory target: the source must be an on-chip compute result (the split-K partial product), not a plain tensor. This assemble copies one tensor into another, so there is no store to carry the atomic combine.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(part: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        out = pl.assemble(out, part, [0, 0], atomic=pl.AtomicType.Add)
    return out


@pl.jit
def twin(part: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out = pl.assemble(out, pl.add(part, 0.0), [0, 0], atomic=pl.AtomicType.Add)
    return out
