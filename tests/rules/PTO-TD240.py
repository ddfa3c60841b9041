# rule: PTO-TD240
# line: 13
# message: pl.tile operation 'reshape': tile.reshape: cannot reshape a partially-valid [64, 64] into [k, 64] because target dimension 0 has the runtime extent k. Mapping the real data needs the target size at compile time; use a static shape, or reshape before narrowing.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], k: pl.Scalar[pl.INDEX]):
        head = pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64])
        rows = pl.tile.reshape(head, [k, 64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], k: pl.Scalar[pl.INDEX]):
        head = pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64])
        rows = pl.tile.reshape(head, [32, 128])
