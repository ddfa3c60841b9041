"""A submit's `predicate=(<tensor>[<indices>] <op> <int>)` as ast_parser's _validate_predicate_shape reads it:
one comparison, of one element of a tensor against an integer literal, the element of a signed integer tensor
at non-negative indices. Constant work per submit: the predicate's two sides are classified once."""

from __future__ import annotations

from compiler import ir
from compiler.frontend.checks.state import CheckState
from compiler.types import ScalarType, TensorType

# The IR node the parser builds for a predicate that is not a comparison (its `got {type}`).
_NOT_COMPARISON = {"and": "And", "or": "Or", "not": "Not"}
_UNSIGNED = frozenset({"UINT8", "UINT16", "UINT32", "UINT64"})
_SIGNED = frozenset({"INT8", "INT16", "INT32", "INT64"})
_INT_SCALARS = frozenset({"INDEX", "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64"})


def check_predicate(state: CheckState, predicate: ir.Expr, kernel: str) -> bool:
    """F250 ... F253 at the predicate, in the parser's order; True when one was reported."""
    got = _not_comparison(state, predicate)
    if got:
        state.error("PTO-F250", predicate.span, kernel=kernel, got=got)
        return True
    if not isinstance(predicate, ir.Compare):
        return False
    left, right = _side(state, predicate.left), _side(state, predicate.right)
    if "?" in (left, right) or (left, right) == ("int", "int"):
        return False  # a form the model does not type, or a comparison the parser may fold
    if sorted((left, right)) != ["int", "read"]:
        state.error("PTO-F251", predicate.span, kernel=kernel)
        return True
    read = predicate.left if left == "read" else predicate.right
    assert isinstance(read, ir.Subscript)
    tensor = _read_tensor(state, read)
    assert tensor is not None
    if tensor.dtype in _UNSIGNED:
        state.error("PTO-F252", predicate.span, dtype=tensor.dtype.lower())
        return True
    if tensor.dtype not in _SIGNED:
        return False
    for index in _indices(read):
        value = _int_literal(state, index)
        if value is not None and value < 0:
            state.error("PTO-F253", predicate.span, index=value)
            return True
    return False


def _not_comparison(state: CheckState, predicate: ir.Expr) -> str:
    """The parser's name for a predicate that is no comparison, when the model knows it; "" otherwise."""
    if isinstance(predicate, ir.Const) and type(predicate.value) is bool:
        return "ConstBool"
    if isinstance(predicate, ir.Const) and type(predicate.value) is int:
        return "ConstInt"
    if isinstance(predicate, ir.UnaryOp) and predicate.op == "not":
        return "Not"
    if isinstance(predicate, ir.BoolOp):
        first = predicate.values[0] if predicate.values else None
        if isinstance(first, ir.Compare) and first.span == predicate.span:
            return ""  # a chained comparison `0 < t[i] < 5`: the parser rejects the chain first (PTO-F40)
        return _NOT_COMPARISON.get(predicate.op, "")
    if isinstance(predicate, ir.Subscript) and _read_tensor(state, predicate) is not None:
        return "Call"  # the element read itself, tensor.read
    return ""


def _side(state: CheckState, expr: ir.Expr) -> str:
    """One side of the comparison: 'read' an element of an integer tensor, 'int' an integer literal (or a
    module constant, which the parser folds), 'var' an integer scalar of the kernel, 'expr' arithmetic on
    those; '?' anything else."""
    if _int_literal(state, expr) is not None:
        return "int"
    if isinstance(expr, ir.Subscript):
        tensor = _read_tensor(state, expr)
        return "read" if tensor is not None and tensor.dtype in _INT_SCALARS else "?"
    if isinstance(expr, ir.Name) and _kernel_name(state, expr.id):
        found = state.type_of(expr.id)
        return "var" if isinstance(found, ScalarType) and found.dtype in _INT_SCALARS else "?"
    if isinstance(expr, ir.BinOp) and expr.op in ("+", "-", "*"):
        parts = (_side(state, expr.left), _side(state, expr.right))
        return "expr" if "?" not in parts and parts != ("int", "int") else "?"
    return "?"


def _read_tensor(state: CheckState, expr: ir.Subscript) -> TensorType | None:
    """The tensor `t[i, j]` reads one element of (an index per axis, each an integer literal or scalar)."""
    if not isinstance(expr.value, ir.Name) or not _kernel_name(state, expr.value.id):
        return None
    tensor = state.type_of(expr.value.id)
    if not isinstance(tensor, TensorType):
        return None
    indices = _indices(expr)
    if len(indices) != tensor.rank:
        return None
    for index in indices:
        if _int_literal(state, index) is not None:
            continue
        if not (isinstance(index, ir.Name) and _kernel_name(state, index.id)):
            return None
        found = state.type_of(index.id)
        if not (isinstance(found, ScalarType) and found.dtype in _INT_SCALARS):
            return None
    return tensor


def _indices(expr: ir.Subscript) -> tuple[ir.Expr, ...]:
    return expr.index.elts if isinstance(expr.index, ir.TupleExpr) else (expr.index,)


def _int_literal(state: CheckState, expr: ir.Expr) -> int | None:
    """An int the parser builds a ConstInt of: a literal, a negated literal, a module constant."""
    if isinstance(expr, ir.Const) and type(expr.value) is int:
        return expr.value
    if isinstance(expr, ir.UnaryOp) and expr.op == "-":
        inner = _int_literal(state, expr.operand)
        return -inner if inner is not None else None
    if isinstance(expr, ir.Name) and not state.is_defined(expr.id):
        value = state.env.get(expr.id)
        return value if type(value) is int else None
    return None


def _kernel_name(state: CheckState, name: str) -> bool:
    """A name the parser's scope holds as an IR variable (a parameter or a local bound so far)."""
    return name not in state.function.closure and state.is_defined(name)
