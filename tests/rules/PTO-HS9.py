# target: a5
# rule: PTO-HS9
# line: 13
# message: atomic-add into a bf16 global tensor is not supported on the 'a5' backend (function 'faulty'). bf16 atomic-add requires the Ascend910B (A2/A3) profile, whose store pipe honours set_atomic_bf16. Accumulate into an fp32 tensor and cast to bf16 after the reduction instead.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[16, 64], pl.BF16], out: pl.Out[pl.Tensor[[16, 64], pl.BF16]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        t = pl.load(x, [0, 0], [16, 64])
        out = pl.store(t, [0, 0], out, atomic=pl.AtomicType.Add)
    return out


@pl.jit
def twin(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        t = pl.load(x, [0, 0], [16, 64])
        out = pl.store(t, [0, 0], out, atomic=pl.AtomicType.Add)
    return out
