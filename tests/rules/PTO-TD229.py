# rule: PTO-TD229
# line: 12
# message: pl.array operation 'update_element': array.update_element value dtype (fp32) must match array dtype (int32)
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], scale: pl.Scalar[pl.FP32], count: pl.Scalar[pl.INT32]):
        slots = pl.array.update_element(pl.array.create(4, pl.INT32), 0, scale)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], scale: pl.Scalar[pl.FP32], count: pl.Scalar[pl.INT32]):
        slots = pl.array.update_element(pl.array.create(4, pl.INT32), 0, count)
