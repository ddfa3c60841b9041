# rule: PTO-F313
# line: 8
# message: @pl.jit.extern include directory not found: /nonexistent/include. Provide absolute paths, or paths relative to the file defining the kernel.
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit.extern(source="PTO-F313.py", core_type="aiv", include_dirs=["/nonexistent/include"])
def faulty(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    ...


@pl.jit.extern(source="PTO-F313.py", core_type="aiv", include_dirs=["."])
def twin(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    ...


@pl.jit
def entry(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    y = twin(x, y)
    return y
