# rule: PTO-F294b
# line: 17
# message: Conflicting external functions with name 'kern'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
from external_kernels.kern_a import kern as kern_a
from external_kernels.kern_a import kern as kern_same
from external_kernels.kern_b import kern as kern_b


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.create_tensor([64], dtype=pl.FP32)
        y = kern_a(x, y)
        y = kern_b(x, y)
        return y


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.create_tensor([64], dtype=pl.FP32)
        y = kern_a(x, y)
        y = kern_same(x, y)
        return y
