# rule: PTO-CT2
# line: 12
# message: tensor.view in an InCore function requires a GM Tensor input that remains tensor-like through ConvertTensorToTileOps; viewing the result of an op lowered to Tile is not supported
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit
def faulty(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="faulty"):
        e = pl.exp(x)
        out[:] = pl.tensor.view(e, [64, 64])
    return out


@pl.jit
def twin(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twin"):
        v = pl.tensor.view(x, [64, 64])
        out[:] = pl.exp(v)
    return out
