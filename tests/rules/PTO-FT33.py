# rule: PTO-FT33
# line: 13
# message: FlattenTileNdTo2D: integer overflow while canonicalizing index add
# `Faulty` breaks the rule once; `Twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    # The Mat load reads a 2D [64, 64] view of x at row 1 * 16 + 9223372036854775800: past 2**63 - 1.
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[4, 16, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t = pl.load(x, [1, 9223372036854775800, 0], [2, 16, 64], target_memory=pl.Mem.Mat, clamp=True)
        b = pl.move(t, target_memory=pl.Mem.Vec)
        out = pl.store(b, [0, 0, 0], out)
        return out


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[4, 16, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]]) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        t = pl.load(x, [1, 40, 0], [2, 16, 64], target_memory=pl.Mem.Mat, clamp=True)
        b = pl.move(t, target_memory=pl.Mem.Vec)
        out = pl.store(b, [0, 0, 0], out)
        return out
