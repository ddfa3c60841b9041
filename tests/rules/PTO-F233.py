# rule: PTO-F233
# line: 8
# message: @pl.jit.extern dual_aiv_dispatch=True requires core_type='mixed'
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit.extern(source="PTO-F233.py", core_type="aiv", dual_aiv_dispatch=True)
def faulty(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    ...


@pl.jit.extern(source="PTO-F233.py", core_type="aiv")
def twin(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    ...


@pl.jit
def entry(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    y = twin(x, y)
    return y
