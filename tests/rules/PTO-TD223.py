# rule: PTO-TD223
# line: 14
# message: pl.tile operation 'assemble': tile.assemble grows dimension 0, so it must span dimension 1 from the origin, but it starts at 16. The added region would be narrower than the region it extends, making the union an L-shape
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        acc = pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64])
        block = pl.load(x, [32, 16], [16, 16])
        grown = pl.tile.assemble(acc, block, [32, 16])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]], k: pl.Scalar[pl.INDEX]):
        acc = pl.load(x, [0, 0], [64, 64], valid_shape=[32, 64])
        block = pl.load(x, [16, 16], [16, 16])
        grown = pl.tile.assemble(acc, block, [16, 16])
