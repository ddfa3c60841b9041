# rule: PTO-TD101
# line: 13
# message: pl operation 'col_max': tile.col_max: input valid extent on axis 0 is 0 (valid_shape [0, 64]), so the reduction has no real data to consume. The backend reduction kernels require a non-empty valid region on every axis and assert on an empty one, and an empty region also leaves max/min with no value to return. Widen the valid region, or guard the reduction so it does not run when the axis can be empty.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64], valid_shape=[0, 64])
        r = pl.col_max(t)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, a: pl.Tensor[[64, 64], pl.FP32]):
        t = pl.load(a, [0, 0], [64, 64], valid_shape=[1, 64])
        r = pl.col_max(t)
