# rule: PTO-CT20
# line: 14
# message: pld.tensor.get conversion: dst must be Tensor or DistributedTensor, got TileType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[16, 256], pl.FP32], win: pld.DistributedTensor[[16, 256], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        got = pld.tensor.get(x, 1, win)
    return x


@pl.jit
def twin(x: pl.Tensor[[16, 256], pl.FP32], win: pld.DistributedTensor[[16, 256], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        pld.tensor.get(x, 1, win)
    return x
