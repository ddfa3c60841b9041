# rule: PTO-TD144
# line: 12
# message: pl.system operation 'set_ffts': system.set_ffts workspace must have a static length of at least 256 INT64 elements
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, w: pl.Tensor[[128], pl.INT64], w64: pl.Tensor[[256], pl.INT64]):
        pl.system.set_ffts(w)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, w: pl.Tensor[[128], pl.INT64], w64: pl.Tensor[[256], pl.INT64]):
        pl.system.set_ffts(w64)
