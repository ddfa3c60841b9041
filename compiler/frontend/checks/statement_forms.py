"""The statement forms ast_parser rejects before it types anything: assignment targets, a unary plus, and
the literal arguments of `pl.cluster` / scope name hints."""

from __future__ import annotations

from compiler import ir
from compiler.frontend.checks.spelling import unparse
from compiler.frontend.checks.state import CheckState

_YIELDING = ("yield_", "submit", "spmd_submit")


def check_assignment_form(state: CheckState, stmt: ir.Assign) -> None:
    """F168 / F169 / F181 / F170: the target forms `parse_assignment` takes, then a unary plus on the right."""
    targets = stmt.targets
    if stmt.annotation is not None:
        if not isinstance(targets[0], ir.Name):
            state.error("PTO-F168", targets[0].span)
            return
    elif len(targets) != 1 or not isinstance(targets[0], ir.Name | ir.TupleExpr | ir.Subscript):
        if not isinstance(stmt.value, ir.Opaque) and not any(isinstance(t, ir.Opaque) for t in targets):
            text = " = ".join(unparse(t) for t in (*targets, stmt.value))
            state.error("PTO-F169", stmt.span, stmt=text)
        return
    elif isinstance(targets[0], ir.TupleExpr) and not _yielding(stmt.value):
        for elt in targets[0].elts:
            if not isinstance(elt, ir.Name | ir.Opaque):  # Opaque: a starred name, spelt otherwise
                state.error("PTO-F181", elt.span, target=unparse(elt))
                return
    value = stmt.value
    if isinstance(value, ir.UnaryOp) and value.op == "+" and _unfoldable(state, value.operand):
        state.error("PTO-F170", value.span, op="UAdd")


def _unfoldable(state: CheckState, operand: ir.Expr) -> bool:
    """An operand the parser cannot fold to a constant first (`+1`, `+N` fold): a DSL variable or a call."""
    if isinstance(operand, ir.Name):
        return operand.id not in state.env and state.type_of(operand.id) is not None
    return isinstance(operand, ir.Call)


def _yielding(value: ir.Expr) -> bool:
    return isinstance(value, ir.Call) and value.func.rsplit(".", 1)[-1] in _YIELDING


def check_scope_literals(state: CheckState, stmt: ir.With) -> None:
    """F173 / F172: `pl.cluster()` takes no positional argument; a scope's name_hint= is a string literal."""
    call = stmt.call
    if stmt.kind not in ("at", "spmd", "cluster") or not call.func.startswith("pl."):
        return
    if stmt.kind == "cluster" and call.args:
        state.error("PTO-F173", stmt.span)
        return
    hint = call.kwarg("name_hint")
    literal = isinstance(hint, ir.Const) and not isinstance(hint.value, str)
    if literal or isinstance(hint, ir.ListExpr | ir.TupleExpr | ir.BinOp):
        assert hint is not None
        state.error("PTO-F172", hint.span, owner=f"pl.{stmt.kind}()")
