# rule: PTO-CT13
# line: 11
# message: TileType valid_shape rank (1) must match the physical shape rank (2): valid_shape [64] vs shape [64, 64]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        r = pl.add(a, b)


@pl.jit
def twin(a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        r = pl.add(b, a)
