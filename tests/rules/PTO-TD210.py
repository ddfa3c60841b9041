# rule: PTO-TD210
# line: 11
# message: pl.tensor operation 'row_sum': The operator tensor.row_sum axis -1 is out of range for shape with 0 dimensions
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(e: pl.Tensor[[], pl.FP32], x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 1], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.row_sum(e)
    return out


@pl.jit
def twin(e: pl.Tensor[[], pl.FP32], x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 1], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.row_sum(x)
        out = pl.assemble(out, r, [0, 0])
    return out
