# rule: PTO-TD156
# line: 12
# message: pl.tensor operation 'create': tensor.create shape tuple element 0 must have integer dtype, but got fp32
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(self, x: pl.Tensor[[64, 64], pl.FP32], f: pl.Scalar[pl.FP32]):
        r = pl.tensor.create([f, 64], dtype=pl.FP32)


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.Tensor[[64, 64], pl.FP32], f: pl.Scalar[pl.FP32]):
        r = pl.tensor.create([64, 64], dtype=pl.FP32)
