# rule: PTO-TD207
# line: 11
# message: pl.tensor operation 'matmul': Kwarg 'out_dtype' for operator 'tensor.matmul' expects DataType or int, but got incompatible type
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.matmul(x, w, out_dtype="FP32")


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP16], w: pl.Tensor[[64, 64], pl.FP16]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.matmul(x, w, out_dtype=pl.FP32)
