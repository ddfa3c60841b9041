# rule: PTO-TD224
# line: 14
# message: pl.tile operation 'assemble': tile.assemble grows dimension 0, so its extent in dimension 1 (32) must provably equal the target valid extent (64). The added region would otherwise not line up with the region it extends, making the union an L-shape
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        acc = pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64])
        rows = pl.load(x, [32, 0], [16, 32])
        grown = pl.tile.assemble(acc, rows, [32, 0])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        acc = pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64])
        rows = pl.load(x, [32, 0], [16, 64])
        grown = pl.tile.assemble(acc, rows, [32, 0])
