# rule: PTO-TD126
# line: 11
# message: pl operation 'slice': tensor.slice reads past the end of dimension 0: offset 48 + extent 32 exceeds the source extent 64. Pass clamp=True -- pl.slice(x, shape, offset, clamp=True) -- to narrow the valid region to the source edge instead
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.slice(a, [32, 64], [48, 0])


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.slice(a, [32, 64], [48, 0], clamp=True)
