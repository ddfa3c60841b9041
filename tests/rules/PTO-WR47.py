# rule: PTO-WR47
# line: 11
# message: pl.tensor operation 'view': tensor.view valid_shape requires shape
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[64, 8], pl.INT32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.view(x, valid_shape=[64, 32], layout=pl.TensorLayout.DN)


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[64, 8], pl.INT32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.view(x, layout=pl.TensorLayout.DN)
