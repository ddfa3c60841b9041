# rule: PTO-D5b
# line: 14
# message: tensor.aiv_shard requires a 2D tensor, but got rank 3. Reshape the operand to 2D (pl.reshape) before the shard / gather so the UP_DOWN / LEFT_RIGHT split axis is unambiguous.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x3: pl.Tensor[[2, 64, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            out[:] = pl.exp(pl.aiv_shard(x3))
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            out[lane * 32 : lane * 32 + 32, :] = pl.exp(pl.aiv_shard(acc))
    return out
