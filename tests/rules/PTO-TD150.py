# rule: PTO-TD150
# line: 12
# message: pl operation 'write': tensor.write requires value dtype to match tensor dtype, but got value dtype fp16 and tensor dtype fp32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[16, 64], pl.FP16], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        v = pl.read(x, [0, 0])
        pl.write(out, [0, 0], v)
    return out


@pl.jit
def twin(x: pl.Tensor[[16, 64], pl.FP16], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        v = pl.read(x, [0, 0])
        pl.write(out, [0, 0], v + v)
    return out
