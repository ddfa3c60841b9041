# rule: PTO-TD232
# line: 19
# message: pl.tensor operation 'assemble': tensor.assemble needs an integer scalar offset and valid extent to place dimension 0 against a partially valid target, but got offset ScalarType and extent ScalarType
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
from __future__ import annotations

import pypto.language as pl


@pl.program
class Faulty:
    @pl.function(type=pl.FunctionType.InCore)
    def faulty(
        self,
        rows: pl.Scalar[pl.FP32],
        acc: pl.Tensor[[32, 128], pl.FP32, pl.TensorView(valid_shape=[16, 128], layout=pl.ND)],
        part: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(valid_shape=[rows, 128], layout=pl.ND)],
    ):
        grown = pl.tensor.assemble(acc, part, [16, 0])


@pl.program
class Twin:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(
        self,
        rows: pl.Scalar[pl.INDEX],
        acc: pl.Tensor[[32, 128], pl.FP32, pl.TensorView(valid_shape=[16, 128], layout=pl.ND)],
        part: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(valid_shape=[rows, 128], layout=pl.ND)],
    ):
        grown = pl.tensor.assemble(acc, part, [16, 0])
