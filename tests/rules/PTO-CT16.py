# rule: PTO-CT16
# line: 11
# message: TensorOp "tensor.alloc" has no registered tile conversion. Add a conversion in src/ir/transforms/op_conversion_registry.cpp.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        buf = pl.tensor.alloc(pl.Mem.Vec, 16384)
        out[:] = pl.exp(x)
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        buf = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        out[:] = pl.exp(x)
    return out
