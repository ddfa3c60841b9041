# rule: PTO-WR9
# line: 13
# message: pl.slice: clamp=True is not supported for a Tile. An on-chip window has no clamping mechanism, so offset + shape must stay inside the source tile. Clamp the read at the tensor boundary instead — pl.load(..., clamp=True) or pl.slice(tensor, ..., clamp=True) — and slice the resulting tile in bounds.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.slice(t, [32, 64], [0, 0], clamp=True)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.slice(t, [32, 64], [0, 0])
