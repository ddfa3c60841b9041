# rule: PTO-TD211
# line: 13
# message: pl.tile operation 'slice': tile.slice drop_dims element 0 must be a compile-time int constant
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], k: pl.Scalar[pl.INDEX]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.slice(t, [1, 64], [0, 0], drop_dims=[k])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], k: pl.Scalar[pl.INDEX]):
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.tile.slice(t, [1, 64], [k, 0], drop_dims=[0])
