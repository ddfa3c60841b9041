# rule: PTO-CT15
# line: 11
# message: The operator tile.gather_row requires dst to be a TileType, but got TensorType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(c: pl.Tensor[[64, 64], pl.FP32], a: pl.Tensor[[128, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.tensor.gather_row(c, a, [0, 0], [0, 0], [16, 64])


@pl.jit
def twin(c: pl.Tensor[[64, 64], pl.FP32], a: pl.Tensor[[128, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.create_l1([64, 64], pl.FP32)
        r = pl.tensor.gather_row(acc, a, [0, 0], [0, 0], [16, 64])
