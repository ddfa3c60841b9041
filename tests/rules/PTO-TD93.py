# rule: PTO-TD93
# line: 12
# message: pl.tensor operation 'exp': tensor.exp requires first argument to be a TensorType or DistributedTensorType, but got TileType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.tensor.exp(t)


@pl.jit
def twin(a: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.exp(a)
