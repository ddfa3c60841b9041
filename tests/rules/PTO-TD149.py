# rule: PTO-TD149
# line: 12
# message: pl.tile operation 'gather_mask': Internal error: tile.gather_mask requires 2D src shape, got rank 3
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a_gm: pl.Tensor[[2, 64, 64], pl.FP32]):
        r = pl.tile.gather_mask(pl.load(a_gm, [0, 0, 0], [2, 64, 64]), mask_pattern=pl.tile.MaskPattern.P0101)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a_gm: pl.Tensor[[128, 64], pl.FP32]):
        r = pl.tile.gather_mask(pl.load(a_gm, [0, 0], [128, 64]), mask_pattern=pl.tile.MaskPattern.P0101)
