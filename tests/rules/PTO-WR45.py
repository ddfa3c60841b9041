# rule: PTO-WR45
# line: 11
# message: pl operation 'create_tensor': create_tensor: init_value must be finite, got inf.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[64, 8], pl.INT32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.create_tensor([64, 64], dtype=pl.FP32, init_value=1e400)


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[64, 8], pl.INT32], s: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.create_tensor([64, 64], dtype=pl.FP32, init_value=1e30)
