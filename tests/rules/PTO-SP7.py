# rule: PTO-SP7
# line: 14
# message: pl.system.syncall(mode=pl.SyncAllMode.SOFT) requires gm_workspace= and used_cores=; missing: gm_workspace, used_cores
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], ws: pl.InOut[pl.Tensor[[16], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(x, w)
        pl.system.syncall(mode=pl.SyncAllMode.SOFT, core_type=pl.KernelType.MIX)
        out[:] = pl.add(acc, x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], ws: pl.InOut[pl.Tensor[[16], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        pl.system.syncall(mode=pl.SyncAllMode.SOFT, core_type=pl.KernelType.MIX, gm_workspace=ws, used_cores=0)
        out[:] = pl.add(acc, x)
    return out
