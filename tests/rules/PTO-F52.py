# rule: PTO-F52
# line: 11
# message: Cannot resolve dtype: 'fp32'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.tensor.create([64, 64], dtype="fp32")
        out[:] = pl.add(acc, x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.tensor.create([64, 64], dtype=pl.FP32)
        out[:] = pl.add(acc, x)
    return out
