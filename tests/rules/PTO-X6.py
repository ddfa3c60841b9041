# rule: PTO-X6
# line: 14
# message: pl.aiv_shard(..., split=N) does not accept a high-level Tensor operand — the outlined split= form is tile-only. Wrap the Tensor in a 'for aiv_id in pl.split_aiv(...)' region instead, which supplies the split mode and lowers to the tile op.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(x, w)
        out[:] = pl.exp(pl.aiv_shard(acc, split=1))
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            out[:] = pl.mul(pl.exp(pl.aiv_shard(acc)), pl.cast(lane, pl.FP32))
    return out
