"""The checks the parser makes inside a loop's builder: a carried name that is not a name, and in a
`pl.while_` body a second `pl.cond` or a `pl.cond` with other than one argument. Once an iter_arg is set
up, the builder's exit replaces the parser's error with its own (the loop has iter_args but no return
variables yet), and the program decorator reports that one against the function."""

from __future__ import annotations

from compiler import ir
from compiler.frontend.checks.state import CheckState


def check_loop_carries(
    state: CheckState, stmt: ir.For, carries: tuple[ir.Expr, ...], function: ir.Function
) -> None:
    """F216 / F217 / F215: `_setup_iter_args` / `_setup_while_iter_args`, then the while's pl.cond calls."""
    if state.facts.bad:
        return  # the parser stopped at an earlier error
    carried = next((i for i, elt in enumerate(carries) if not isinstance(elt, ir.Name)), None)
    if carried == 0:
        state.error("PTO-F216", carries[0].span)
        return
    if carried is None:
        if stmt.kind != "while_" or not stmt.body or not _bad_cond(stmt.body):
            return
        carried = len(carries)
    if function.program is None or function.decorator != "function":
        return  # a bare @pl.function wraps the error without a span
    code = "PTO-F215" if stmt.kind == "while_" else "PTO-F217"
    state.error(code, function.header, function=function.name, count=carried)


def _bad_cond(body: tuple[ir.Stmt, ...]) -> bool:
    """The first statement `pl.cond(...)` without exactly one argument, or a later top-level `pl.cond(...)`."""
    first = body[0]
    if not (isinstance(first, ir.ExprStmt) and isinstance(first.value, ir.Call)):
        return False  # F124 reports it
    call = first.value
    if len(call.args) != 1 or call.star_kwargs:
        return True
    return any(
        isinstance(s, ir.ExprStmt) and isinstance(s.value, ir.Call) and s.value.func == "pl.cond"
        for s in body[1:]
    )
