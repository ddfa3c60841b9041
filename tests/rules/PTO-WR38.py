# rule: PTO-WR38
# line: 13
# message: pl.system operation 'set_ffts': set_ffts workspace must be a Tensor, got Tile
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIV)
    def faulty(self, a_gm: pl.Tensor[[64, 64], pl.FP32], ffts: pl.Tensor[[256], pl.INT64]):
        a = pl.load(a_gm, [0, 0], [64, 64])
        pl.system.set_ffts(a)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV)
    def twin(self, a_gm: pl.Tensor[[64, 64], pl.FP32], ffts: pl.Tensor[[256], pl.INT64]):
        a = pl.load(a_gm, [0, 0], [64, 64])
        pl.system.set_ffts(ffts)
