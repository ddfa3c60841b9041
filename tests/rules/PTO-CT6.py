# rule: PTO-CT6
# line: 13
# message: tensor.assemble with atomic=AtomicType.Add requires a global-memory destination (a function output tensor), but this assemble targets an on-chip tile
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        partial = pl.matmul(a, b, out_dtype=pl.FP32)
        staging = pl.full([64, 64], pl.FP32, 0.0)
        staging = pl.assemble(staging, partial, [0, 0], atomic=pl.AtomicType.Add)
        out[:] = staging
    return out


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        partial = pl.matmul(a, b, out_dtype=pl.FP32)
        out = pl.assemble(out, partial, [0, 0], atomic=pl.AtomicType.Add)
    return out
