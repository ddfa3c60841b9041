"""The type of a subscript of a tensor or tile (`x[i, a:b]`), as the parser gives it.

Shared by the parse-stage checks and ConvertTensorToTileOps, which lowers the subscript to a slice.
"""

from __future__ import annotations

from collections.abc import Mapping

from compiler import ir
from compiler.frontend.consts import fold
from compiler.types import UNKNOWN, ScalarType, TensorType, TileType, ValueType


def subscript_type(base: ValueType, index: ir.Expr, env: Mapping[str, object]) -> ValueType:
    """`x[i, a:b]`: a scalar read when every axis is indexed, else the sliced tensor or (2-D) tile."""
    if not isinstance(base, TensorType | TileType):
        return UNKNOWN
    items = index.elts if isinstance(index, ir.TupleExpr) else (index,)
    if any(isinstance(i, ir.SliceExpr) and i.step is not None for i in items):
        return UNKNOWN  # the parser rejects a step (PTO-F67): nothing after it is checked against a guess
    if not any(isinstance(i, ir.SliceExpr) for i in items) and len(items) == len(base.shape):
        return ScalarType(base.dtype)  # every axis indexed by a scalar: a read
    dims: list[int | str] = []
    for pos, item in enumerate(items):
        if pos >= len(base.shape):
            return UNKNOWN
        full = base.shape[pos]
        if isinstance(item, ir.SliceExpr):
            lo = fold(item.lower, env) if item.lower else 0
            hi = fold(item.upper, env) if item.upper else full
            if isinstance(lo, int) and isinstance(hi, int):
                dims.append(hi - lo)
            elif item.lower is not None and item.upper is not None:
                dims.append(slice_extent(item.lower, item.upper, env))
            else:
                dims.append("?")
        # A scalar index drops its axis (tensor.slice / tile.slice with drop_dims).
    dims.extend(base.shape[len(items) :])
    if isinstance(base, TensorType):
        return TensorType(tuple(dims), base.dtype)
    while len(dims) < 2:
        dims.insert(0, 1)  # tiles stay 2-D: the parser promotes a lower-rank slice
    return TileType(tuple(dims), base.dtype, base.memory)


def slice_extent(lower: ir.Expr, upper: ir.Expr, env: Mapping[str, object]) -> int | str:
    """`k0 : k0 + KC` has the static extent KC even when k0 is a loop value."""
    if isinstance(upper, ir.BinOp) and upper.op == "+" and _same(upper.left, lower):
        value = fold(upper.right, env)
        if isinstance(value, int):
            return value
    return "?"


def _same(a: ir.Expr, b: ir.Expr) -> bool:
    return isinstance(a, ir.Name) and isinstance(b, ir.Name) and a.id == b.id
