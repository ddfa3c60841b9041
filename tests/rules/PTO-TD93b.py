# rule: PTO-TD93b
# line: 13
# message: pl.tile operation 'concat': tile.concat: src1 must be TileType, got TensorType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[64, 32], pl.FP32]):
        left = pl.load(a, [0, 0], [64, 32])
        both = pl.tile.concat(left, b)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[64, 32], pl.FP32]):
        left = pl.load(a, [0, 0], [64, 32])
        right = pl.load(b, [0, 0], [64, 32])
        both = pl.tile.concat(left, right)
