# rule: PTO-TD93c
# line: 12
# message: pl.tile operation 'transpose': tile.transpose: first argument (input) must be TileType, but got TensorType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        flipped = pl.tile.transpose(a, 0, 1)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        rows = pl.load(a, [0, 0], [64, 64])
        flipped = pl.tile.transpose(rows, 0, 1)
