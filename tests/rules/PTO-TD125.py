# rule: PTO-TD125
# line: 12
# message: pl operation 'load': tile.load valid_shape 0 is 48, which exceeds the window extent 32; a valid region cannot be larger than the shape that holds it
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.load(a, [0, 0], [32, 64], valid_shape=[48, 64])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        r = pl.load(a, [0, 0], [32, 64], valid_shape=[16, 64])
