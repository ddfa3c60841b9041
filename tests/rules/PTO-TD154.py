# rule: PTO-TD154
# line: 11
# message: pl.tensor operation 'expand_clone': tensor.expand_clonerequires first argument to be a TensorType, but got TileType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[1, 16, 64], pl.FP32], b: pl.Tensor[[4, 16, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.expand_clone(pl.load(a, [0, 0, 0], [1, 16, 64]), b)


@pl.jit
def twin(a: pl.Tensor[[1, 16, 64], pl.FP32], b: pl.Tensor[[4, 16, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.tensor.expand_clone(a, b)
