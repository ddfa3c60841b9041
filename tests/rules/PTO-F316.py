# rule: PTO-F316
# line: 17
# message: Declared allocation 'ping' is also referenced as 'alias'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl

ping = pl.MemRef()
alias = ping
pong = pl.MemRef()


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t0: pl.Tile[[64, 64], pl.FP32, ping, pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])
        t1: pl.Tile[[64, 64], pl.FP32, alias, pl.Mem.Vec] = pl.exp(t0)
        y = pl.store(t1, [0, 0], y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t0: pl.Tile[[64, 64], pl.FP32, ping, pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])
        t1: pl.Tile[[64, 64], pl.FP32, pong, pl.Mem.Vec] = pl.exp(t0)
        y = pl.store(t1, [0, 0], y)
        return y
