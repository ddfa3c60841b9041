# rule: PTO-SP5b
# line: 14
# message: pl.system.sync_set() does not accept core_type=pl.KernelType.MIX (ValueError): pl.KernelType.MIX is outside this op's domain
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

TILE = 64


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        acc = pl.matmul(x, w)
        pl.system.sync_set(0, pipe=pl.PipeType.FIX, core_type=pl.KernelType.MIX)
        out[:] = pl.add(acc, x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        acc = pl.matmul(x, w)
        pl.system.sync_set(0, pipe=pl.PipeType.FIX, core_type=pl.KernelType.AIC)
        out[:] = pl.add(acc, x)
    return out
