"""The type resolver's checks of the expressions inside a local annotation (type_resolver.py): a shape the
parser cannot evaluate (F303 / F304), a TileView field or slot index that is no index expression (F305 ...
F307), a MemRef byte offset (F308), a legacy MemRef's memory space (F309 / F310), the slot subscript of
a resolved MemRef (F301 / F302) and a shape dimension that evaluates to a boolean (F318).

The parser evaluates a shape with Python's `eval` over the module's and the closure's names: a DSL local
(a parameter, a name the body binds) is not among them, so an expression that reads one always fails.
Everything here is decided from literals and names; an expression the model cannot tell stays silent."""

from __future__ import annotations

from compiler import ir
from compiler.evaluator.values import Dynamic
from compiler.frontend.checks.spelling import unparse
from compiler.frontend.checks.state import CheckState

MEMORY_SPACES = frozenset({"DDR", "Vec", "Mat", "Left", "Right", "Acc", "Bias", "LeftScale", "RightScale"})
_REBUILD_OPS = frozenset({"+", "-", "*", "//", "%"})  # TypeResolver._SHAPE_BINOPS
_COMPARISONS = frozenset({"<", "<=", ">", ">=", "==", "!="})


def _local(state: CheckState, name: str) -> bool:
    """A name Python's `eval` over the module and closure names cannot read: a DSL local, or bound nowhere."""
    if name in state.env or name in state.module_names or name in state.function.closure:
        return False
    return state.type_of(name) is not None or state.unbound(name)


def unevaluable(state: CheckState, expr: ir.Expr) -> bool:
    """Python's `eval` of `expr` surely fails: it reads, on a path eval always takes, a name that only the
    DSL body binds (or nothing binds). Short-circuit forms and opaque nodes count as evaluable."""
    if isinstance(expr, ir.Name):
        return _local(state, expr.id)
    if isinstance(expr, ir.Attribute):
        return _local(state, expr.dotted.split(".", 1)[0])
    if isinstance(expr, ir.Subscript):
        return unevaluable(state, expr.value) or unevaluable(state, expr.index)
    if isinstance(expr, ir.Call):
        if expr.func == "<expr>" or expr.star_kwargs:
            return False
        return (
            _local(state, expr.func.split(".", 1)[0])
            or any(unevaluable(state, a) for a in expr.args)
            or any(unevaluable(state, k.value) for k in expr.keywords)
        )
    if isinstance(expr, ir.BinOp):
        if expr.op in ("+", "*") and (
            _dynamic_and_float(state, expr.left, expr.right)
            or _dynamic_and_float(state, expr.right, expr.left)
        ):
            return True  # `M * 1.5`: pl.dynamic's arithmetic takes integers only (compiler run)
        return unevaluable(state, expr.left) or unevaluable(state, expr.right)
    if isinstance(expr, ir.UnaryOp):
        return unevaluable(state, expr.operand)
    if isinstance(expr, ir.TupleExpr | ir.ListExpr):
        return any(unevaluable(state, e) for e in expr.elts)
    return False


def _dynamic_and_float(state: CheckState, dynamic: ir.Expr, number: ir.Expr) -> bool:
    """A module `pl.dynamic(...)` variable and a float literal."""
    if not (isinstance(number, ir.Const) and isinstance(number.value, float)):
        return False
    if not isinstance(dynamic, ir.Name) or dynamic.id in state.function.closure:
        return False
    return isinstance(state.env.get(dynamic.id), Dynamic)


def _dynamic_comparison(state: CheckState, compare: ir.Compare) -> bool:
    """`M > 2`: a module pl.dynamic variable against an int literal or another one (Python evaluates it to a
    boolean pl.Scalar through the variable's operators)."""
    sides = (compare.left, compare.right)
    dynamic = [s for s in sides if isinstance(s, ir.Name) and isinstance(state.env.get(s.id), Dynamic)]
    if not dynamic or any(s.id in state.function.closure for s in dynamic if isinstance(s, ir.Name)):
        return False
    return all(s in dynamic or (isinstance(s, ir.Const) and type(s.value) is int) for s in sides)


def _rebuildable(expr: ir.Expr) -> bool:
    """TypeResolver._rebuild_composite_dim reads it: int literals, names, pl.const(<int>, dtype) and
    + - * // % over those."""
    if isinstance(expr, ir.Const):
        return isinstance(expr.value, int)
    if isinstance(expr, ir.Name):
        return True
    if isinstance(expr, ir.Call) and expr.func in ("pl.const", "const") and len(expr.args) == 2:
        first = expr.args[0]
        return isinstance(first, ir.Const) and isinstance(first.value, int)
    if isinstance(expr, ir.BinOp) and expr.op in _REBUILD_OPS:
        return _rebuildable(expr.left) and _rebuildable(expr.right)
    return False


def check_shape_expr(state: CheckState, shape: ir.Expr) -> bool:
    """F303: a shape that is no list, tuple or name, and that the parser cannot evaluate. True if reported."""
    if isinstance(shape, ir.ListExpr | ir.TupleExpr | ir.Name | ir.Const | ir.Opaque):
        return False
    if unevaluable(state, shape):
        state.error("PTO-F303", shape.span, shape=unparse(shape))
        return True
    return False


def check_shape_dim(state: CheckState, dim: ir.Expr) -> bool:
    """F304: a shape element the parser neither evaluates nor rebuilds from the AST; F318: one that evaluates
    to a comparison of a pl.dynamic variable (a boolean scalar). True if reported."""
    if isinstance(dim, ir.Const | ir.Name | ir.Opaque):
        return False
    if isinstance(dim, ir.Compare) and dim.op in _COMPARISONS and _dynamic_comparison(state, dim):
        text = f"{unparse(dim.left)} {dim.op} {unparse(dim.right)}"
        state.error("PTO-F318", dim.span, dim=text, type="pl.Scalar[pl.BOOL]")
        return True
    if unevaluable(state, dim) and not _rebuildable(dim):
        state.error("PTO-F304", dim.span, dim=unparse(dim))
        return True
    return False


def _is_yield(expr: ir.Expr) -> bool:
    return isinstance(expr, ir.Call) and expr.func in ("pl.yield_", "yield_")


def _float_literal(expr: ir.Expr) -> bool:
    if isinstance(expr, ir.UnaryOp) and expr.op == "-":
        return _float_literal(expr.operand)
    return isinstance(expr, ir.Const) and isinstance(expr.value, float)


def index_expr_fault(state: CheckState, expr: ir.Expr) -> tuple[str, str, str] | None:
    """The rule (and its two fields) `TypeResolver._parse_tileview_expr` raises on `expr`, when the model is
    sure."""
    if isinstance(expr, ir.Name):
        name = expr.id
        if state.type_of(name) is not None or state.is_defined(name) or name not in state.env:
            return None  # a scope variable, or an unknown name (a dynamic variable is made for it)
        value = state.env[name]
        if type(value) in (float, str):  # a module list reads back as a tuple: sequences are left out
            return "PTO-F305", name, type(value).__name__
        return None
    if isinstance(expr, ir.Const) and isinstance(expr.value, int):
        return None
    if _is_yield(expr):
        return "PTO-F306", "", ""
    if _float_literal(expr):
        return "PTO-F307", "ScalarType", unparse(expr)
    return None


def check_index_expr(state: CheckState, expr: ir.Expr) -> bool:
    """F305 ... F307 on one TileView field / slot index. True if reported."""
    fault = index_expr_fault(state, expr)
    if fault is None:
        return False
    code, first, second = fault
    if code == "PTO-F305":
        state.error(code, expr.span, name=first, type=second)
    elif code == "PTO-F307":
        state.error(code, expr.span, got=first, expr=second)
    else:
        state.error(code, expr.span)
    return True


def check_byte_offset(state: CheckState, expr: ir.Expr) -> bool:
    """F308: `TypeResolver._resolve_memref_byte_offset`, which walks + - * itself and reports the operand that
    fails as an index expression. True if reported."""
    if isinstance(expr, ir.BinOp):
        if check_byte_offset(state, expr.left) or check_byte_offset(state, expr.right):
            return True
        if expr.op in ("+", "-", "*"):
            return False
    elif isinstance(expr, ir.Name) and (state.type_of(expr.id) is not None or state.is_defined(expr.id)):
        return False
    if isinstance(expr, ir.Const) and isinstance(expr.value, str):
        state.error("PTO-F308", expr.span, offset=unparse(expr))
        return True
    if index_expr_fault(state, expr) is not None:
        state.error("PTO-F308", expr.span, offset=unparse(expr))
        return True
    return False


def check_memory_space(state: CheckState, expr: ir.Expr) -> bool:
    """F309 / F310: the memory space of a legacy `pl.MemRef(space, addr, size, id)`. True if reported."""
    if isinstance(expr, ir.Attribute):
        name = expr.dotted.rsplit(".", 1)[-1]
        if name in MEMORY_SPACES:
            return False
        state.error("PTO-F309", expr.span, name=name)
        return True
    if isinstance(expr, ir.Name) and expr.id in MEMORY_SPACES:
        return False
    if isinstance(expr, ir.Opaque):
        return False
    state.error("PTO-F310", expr.span, expr=unparse(expr))
    return True


def resolved_slot(expr: ir.Expr) -> ir.Call | None:
    """`pl.MemRef(base, byte_offset, size[, slots=N])[k]`, a slot of a resolved MemRef: the call."""
    if not isinstance(expr, ir.Subscript) or not isinstance(expr.value, ir.Call):
        return None
    call = expr.value
    if call.func.rsplit(".", 1)[-1] != "MemRef" or call.star_kwargs or len(call.args) != 3:
        return None
    if any(k.name != "slots" for k in call.keywords):
        return None
    base = call.args[0]
    if isinstance(base, ir.Name) or (isinstance(base, ir.Const) and isinstance(base.value, str)):
        return call
    return None


def check_resolved_slot(state: CheckState, expr: ir.Subscript, call: ir.Call) -> bool:
    """F301 / F302: `TypeResolver._resolve_slot_of_resolved_memref` (its MemRef checked first). True if
    reported."""
    base = call.args[0]
    name = base.id if isinstance(base, ir.Name) else str(base.value) if isinstance(base, ir.Const) else ""
    slots = call.kwarg("slots")
    if slots is None:
        count = 1
    elif isinstance(slots, ir.Const) and type(slots.value) is int:
        count = slots.value
    else:
        return False
    if count <= 1:
        state.error("PTO-F301", expr.span, name=name)
        return True
    index = expr.index
    if check_index_expr(state, index):
        return True
    value = index.value if isinstance(index, ir.Const) and type(index.value) is int else None
    if isinstance(index, ir.UnaryOp) and index.op == "-" and isinstance(index.operand, ir.Const):
        inner = index.operand.value
        value = -inner if type(inner) is int else None
    if value is not None and not 0 <= value < count:
        state.error("PTO-F302", expr.span, index=value, name=name, count=count)
        return True
    return False


__all__ = [
    "MEMORY_SPACES",
    "check_byte_offset",
    "check_index_expr",
    "check_memory_space",
    "check_resolved_slot",
    "check_shape_dim",
    "check_shape_expr",
    "resolved_slot",
    "unevaluable",
]
