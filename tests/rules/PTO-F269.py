# rule: PTO-F269
# line: 12
# message: Unsupported **kwargs in pl.at()
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

CFG = {"name_hint": "faulty"}


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, **CFG):
        out[:] = pl.add(x, x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.add(x, x)
    return out
