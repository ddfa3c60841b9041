# rule: PTO-F286
# line: 10
# message: @pl.function(external_source=...) file not found: /nonexistent/kernels/add_kernel.cpp. Provide an absolute path, or one relative to the file defining the program.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.AIV, external_source="/nonexistent/kernels/add_kernel.cpp")
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        ...


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.AIV, external_source="PTO-F286.py")
    def kern(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        ...
