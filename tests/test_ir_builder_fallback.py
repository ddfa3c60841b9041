"""Explicit `pl.tensor.*` / `pl.tile.*` names without a DSL wrapper: the parser falls back to the IR builder of
the same name (`_parse_tensor_op` / `_parse_tile_op`), so they are ops, not unknown names. Both programs below
compile on the compiler built from e2d0f78."""

from __future__ import annotations

import pytest

from compiler import analyze
from compiler.ops.dsl import DSL_NAMES

GATHER_MASK = """\
import pypto.language as pl


@pl.jit
def entry(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.gather_mask(a, pl.tile.MaskPattern.P0101)
        out = pl.assemble(out, r, [0, 0])
    return out
"""
MRGSORT_FORMAT1 = """\
import pypto.language as pl


@pl.jit
def entry(a: pl.Tensor[[1, 256], pl.FP32], out: pl.Out[pl.Tensor[[1, 256], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.tensor.mrgsort_format1(a, 64)
        out = pl.assemble(out, r, [0, 0])
    return out
"""


@pytest.mark.parametrize("source", [GATHER_MASK, MRGSORT_FORMAT1], ids=["gather_mask", "mrgsort_format1"])
def test_an_ir_builder_name_is_an_op_with_lanes(source: str) -> None:
    analysis = analyze(source, "fallback.py")
    assert [d.code for d in analysis.diagnostics if d.is_error] == []
    assert analysis.lane_map().get(7) == "aiv"  # the call is placed like any vector op


@pytest.mark.parametrize(
    "name",
    [
        "pl.tensor.gather_mask",
        "pl.tensor.gather_compare",
        "pl.tensor.scatter_mask",
        "pl.tensor.mrgsort_format1",
        "pl.tensor.mrgsort_format2",
        "pl.tile.mrgsort_format1",
        "pl.tile.mrgsort_format2",
        "pl.tile.tget_scale_addr",
    ],
)
def test_every_ir_builder_fallback_is_a_dsl_name(name: str) -> None:
    assert name in DSL_NAMES
