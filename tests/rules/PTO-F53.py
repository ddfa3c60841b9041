# rule: PTO-F53
# line: 12
# message: Unsupported constant type: <class 'str'>
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[256, 64], pl.FP32], i_gm: pl.Tensor[[1, 64], pl.INT32]):
        r = pl.tile.mgather(a, pl.load(i_gm, [0, 0], [1, 64]), "row")


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[256, 64], pl.FP32], i_gm: pl.Tensor[[1, 64], pl.INT32]):
        r = pl.tile.mgather(a, pl.load(i_gm, [0, 0], [1, 64]), coalesce="row")
