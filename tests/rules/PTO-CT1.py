# rule: PTO-CT1
# line: 12
# message: tensor.reinterpret_view in an InCore function currently supports only packed ND tensors; DN layout changes which logical axis is physically contiguous, and that information cannot yet be preserved by tensor-to-tile lowering
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        xt = pl.transpose(x, -2, -1)
        out[:] = pl.reinterpret_view(xt, pl.INT32)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        out[:] = pl.reinterpret_view(x, pl.INT32)
    return out
