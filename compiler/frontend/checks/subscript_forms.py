"""Subscripts the parser cannot lower (parse_subscript and the subscript write): a scalar subscripted, a tuple
indexed by anything but an integer literal, a tile slice with a runtime lower bound or no static extent, a
write in a strict-SSA function, and a write whose source is of the other kind (tile into tensor)."""

from __future__ import annotations

from compiler import ir
from compiler.frontend.checks.state import CheckState
from compiler.frontend.consts import fold
from compiler.types import ScalarType, TensorType, TileType, ValueType


def check_subscript_read(state: CheckState, base: ValueType, expr: ir.Subscript) -> None:
    """F284, F287 / F288 on one subscript read whose base the model types (a tuple literal's index: parser_forms)."""
    if isinstance(base, ScalarType) and isinstance(expr.value, ir.Name):
        state.error("PTO-F284", expr.span, type="ScalarType")
    elif isinstance(base, TileType) and base.shape:
        _tile_slice(state, base, expr)


def _tile_slice(state: CheckState, base: TileType, expr: ir.Subscript) -> None:
    """F288 / F287: each slice of a tile subscript, in axis order (a step is PTO-F67, reported before)."""
    items = expr.index.elts if isinstance(expr.index, ir.TupleExpr) else (expr.index,)
    if len(items) > len(base.shape) or any(isinstance(i, ir.SliceExpr) and i.step is not None for i in items):
        return
    for pos, item in enumerate(items):
        if not isinstance(item, ir.SliceExpr):
            continue
        lower = _int(item.lower, state) if item.lower is not None else 0
        if item.lower is not None and lower is None:
            if _runtime(item.lower, state):
                state.error("PTO-F288", expr.span)
            return
        upper = _int(item.upper, state) if item.upper is not None else None
        static = base.shape[pos]
        room = max(static - lower, 0) if isinstance(static, int) and lower is not None else None
        extent: int | None = room
        if upper is not None and lower is not None:
            extent = max(upper - lower, 0) if room is None else min(max(upper - lower, 0), room)
        if extent is not None and extent <= 0:
            state.error("PTO-F287", expr.span)
            return


def _int(expr: ir.Expr, state: CheckState) -> int | None:
    """A bound the parser reads as an integer constant (a literal or a module constant), else None."""
    if isinstance(expr, ir.Const):
        return expr.value if type(expr.value) is int else None  # type: ignore[return-value]
    if isinstance(expr, ir.Name) and not state.is_defined(expr.id):
        value = fold(expr, state.env)
        return value if type(value) is int else None  # type: ignore[return-value]
    if isinstance(expr, ir.UnaryOp) and expr.op == "-" and isinstance(expr.operand, ir.Const):
        inner = expr.operand.value
        return -inner if type(inner) is int else None
    return None


def _runtime(expr: ir.Expr, state: CheckState) -> bool:
    """The bound reads a DSL variable (a loop index, a scalar of the function): never an IR constant."""
    return isinstance(expr, ir.Name | ir.BinOp) and any(
        isinstance(n, ir.Name) and isinstance(state.type_of(n.id), ScalarType) and n.id not in state.env
        for n in _names(expr)
    )


def _names(expr: ir.Expr) -> list[ir.Name]:
    if isinstance(expr, ir.Name):
        return [expr]
    if isinstance(expr, ir.BinOp):
        return _names(expr.left) + _names(expr.right)
    return []


def check_write_form(state: CheckState, target: ir.Subscript) -> bool:
    """F283: a subscript write in a strict-SSA function; True when reported."""
    if state.function.strict_ssa:
        state.error("PTO-F283", target.span)
        return True
    return False


def check_write_source(state: CheckState, target: ir.Subscript, base: ValueType, source: ValueType) -> bool:
    """F282: a tensor written from a tile or a tile from a tensor; True when reported."""
    if isinstance(base, TensorType) and isinstance(source, TileType):
        state.error("PTO-F282", target.span, kind="tensor", type="TileType")
        return True
    if isinstance(base, TileType) and isinstance(source, TensorType):
        state.error("PTO-F282", target.span, kind="tile", type="TensorType")
        return True
    return False
