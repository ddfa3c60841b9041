# rule: PTO-SP1
# line: 18
# message: 'pl.aiv_shard' crosses the AIC/AIV boundary under pl.SplitMode.UP_DOWN but 'pl.aiv_shard' at line 16 earlier in this function crosses it under pl.SplitMode.NONE
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        mm0 = pl.matmul(x, w)
        mm1 = pl.matmul(w, x)
        for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            a = pl.exp(pl.aiv_shard(mm0))
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            b = pl.exp(pl.aiv_shard(mm1))
            out[aiv_id * 32 : aiv_id * 32 + 32, :] = pl.add(a[aiv_id * 32 : aiv_id * 32 + 32, :], b)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        mm0 = pl.matmul(x, w)
        mm1 = pl.matmul(w, x)
        for r in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            a = pl.exp(pl.aiv_shard(mm0))
        for c in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            b = pl.exp(pl.aiv_shard(mm1))
            out[:, c * 32 : c * 32 + 32] = b
    return out
