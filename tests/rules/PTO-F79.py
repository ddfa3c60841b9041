# rule: PTO-F79
# line: 10
# message: Type annotation for 't' has shape dimension 1 = 64 but expression has shape dimension 1 = 128
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.function
def faulty(x: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
    t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 128])
    return x


@pl.function
def twin(x: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
    t: pl.Tile[[64, 128], pl.FP32] = pl.load(x, [0, 0], [64, 128])
    return x
