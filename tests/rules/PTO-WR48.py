# rule: PTO-WR48
# line: 13
# message: pl.tile operation 'mgather': mgather gather_oob must be 'undefined', 'clamp', 'wrap', 'zero', or int 0-3, got 'zeros'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[1, 64], pl.INT32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.mgather(x, pl.load(i, [0, 0], [1, 64]), gather_oob="zeros")


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], i: pl.Tensor[[1, 64], pl.INT32]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.mgather(x, pl.load(i, [0, 0], [1, 64]), gather_oob="zero")
