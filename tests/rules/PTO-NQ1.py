# rule: PTO-NQ1
# line: 13
# message: Unused `noqa` directive (unused: PTO-F46)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        used = pl.exp(x)  # noqa: PTO-F46
        out[:] = pl.mul(used, 2.0)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        unused = pl.exp(x)  # noqa: PTO-F46
        out[:] = pl.mul(x, 2.0)
    return out
