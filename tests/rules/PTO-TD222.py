# rule: PTO-TD222
# line: 14
# message: pl.tile operation 'assemble': tile.assemble grows the valid region along dimensions 0 and 1 at once, whose union with the target is an L-shape rather than one origin-anchored rectangle. Target valid [32, 32], writing [48, 48] at offset [16, 16]
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        acc = pl.load(x, [0, 0], [64, 64], valid_shape=[32, 32])
        block = pl.load(x, [16, 16], [48, 48])
        grown = pl.tile.assemble(acc, block, [16, 16])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        acc = pl.load(x, [0, 0], [64, 64], valid_shape=[32, 32])
        block = pl.load(x, [0, 0], [48, 48])
        grown = pl.tile.assemble(acc, block, [0, 0])
