"""`_parse_and_validate_core_num`, shared by `pl.spmd(...)` and `pl.spmd_submit(..., core_num=)`: an
integer-typed expression, and a constant one strictly positive."""

from __future__ import annotations

from compiler import ir
from compiler.frontend.checks.state import CheckState
from compiler.frontend.consts import fold
from compiler.types import ScalarType

_INTEGER_DTYPES = frozenset(
    {"INT4", "INT8", "INT16", "INT32", "INT64", "UINT4", "UINT8", "UINT16", "UINT32", "UINT64", "INDEX"}
)


def check_core_num(state: CheckState, width: ir.Expr) -> bool:
    """F236 / F34: a float or bool block count (a literal, a constant, a typed scalar), a constant <= 0; True
    when reported."""
    value = fold(width, state.env)
    shown: str | None = None
    if isinstance(value, bool):
        shown = "BOOL"
    elif isinstance(value, float):
        shown = "FP32"
    elif isinstance(value, int):
        if value <= 0:
            state.error("PTO-F34", width.span, value=value)
        return value <= 0
    elif isinstance(width, ir.Name):
        found = state.type_of(width.id)
        if isinstance(found, ScalarType) and found.exact and found.dtype not in _INTEGER_DTYPES:
            shown = found.dtype
    if shown is not None:
        state.error("PTO-F236", width.span, type=f"pl.Scalar[pl.{shown}]")
    return shown is not None
