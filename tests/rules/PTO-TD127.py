# rule: PTO-TD127
# line: 14
# message: pl.tile operation 'assemble': tile.assemble writes past the end of dimension 1: offset 48 + extent 32 exceeds the target extent 64. tile.assemble lowers to pto.tinsert, which copies the whole source subview rather than only its valid region, so the source allocation itself has to fit -- unlike tensor.assemble, which transfers only the valid extent
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(b, [0, 0], [32, 32])
        r = pl.tile.assemble(t, u, [0, 48])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(b, [0, 0], [32, 32])
        r = pl.tile.assemble(t, u, [0, 32])
