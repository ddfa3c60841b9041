# rule: PTO-F133
# line: 12
# message: Unsupported Tile annotation argument: pl.Mem.Vecc
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32]):
        t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vecc] = pl.load(x, [0, 0], [64, 64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32]):
        t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])
