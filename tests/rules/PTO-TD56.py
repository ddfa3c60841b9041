# rule: PTO-TD56
# line: 13
# message: pl.add: cannot mix Tensor and Tile arguments (Tile, Tensor). All operands must be the same type level — either all Tensor or all Tile
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.add(t, a)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.add(t, t)
