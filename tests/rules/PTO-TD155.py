# rule: PTO-TD155
# line: 13
# message: pl.tile operation 'read': tile.read index element 0 must be ScalarType, but got TileType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.read(t, [t, 0])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.read(t, [0, 0])
