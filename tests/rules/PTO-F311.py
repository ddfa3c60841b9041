# rule: PTO-F311
# line: 8
# message: @pl.jit.extern source file not found: /nonexistent/kern.cpp. Provide an absolute path, or one relative to the file defining the kernel.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit.extern(source="/nonexistent/kern.cpp", core_type="aiv")
def faulty(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    ...


@pl.jit.extern(source="PTO-F311.py", core_type="aiv")
def twin(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    ...


@pl.jit
def entry(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    y = twin(x, y)
    return y
