# rule: PTO-F234
# line: 8
# message: @pl.jit.extern(core_type='mixed') requires both aic_source= and aiv_source=
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.jit.extern(aic_source="PTO-F234.py", core_type="mixed")
def faulty(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    ...


@pl.jit.extern(aic_source="PTO-F234.py", aiv_source="PTO-F234.py", core_type="mixed")
def twin(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    ...


@pl.jit
def entry(x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
    y = twin(x, y)
    return y
