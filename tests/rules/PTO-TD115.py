# rule: PTO-TD115
# line: 13
# message: pl.tile operation 'gather_mask': Kwarg 'mask_pattern' for operator 'tile.gather_mask' has incompatible type
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.tile.gather_mask(t, 1)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.tile.gather_mask(t, pl.tile.MaskPattern.P0101)
