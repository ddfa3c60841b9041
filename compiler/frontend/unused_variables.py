"""The UnusedVariable diagnostic check: a name a function binds but never reads (a warning).

Like upstream's check it is flow-insensitive: any read anywhere in the function counts. Parameters
are not variables here; a `pl.split_aiv` lane index and `_` are.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.incremental import IdentityMemo
from compiler.ir_walk import stmt_exprs, walk_expr, walk_stmts
from compiler.source import Span


def unused_variables(function: ir.Function, memo: IdentityMemo | None = None) -> list[Diagnostic]:
    """One warning per name bound in the function body and never read in it (`memo` keeps what each
    top-level statement binds and reads)."""
    memo = memo if memo is not None else IdentityMemo()
    read: set[str] = set()
    bound: dict[str, tuple[str, Span, str]] = {}
    for top in function.body:
        binds, reads = memo.get(top, _bindings)
        for entry in binds:
            bound.setdefault(entry[0], entry)
        read.update(reads)
    return [
        diagnostic("PTO-F46", span, name=name, function=function.name, advice=advice)
        for name, span, advice in bound.values()
        if name not in read
    ]


def _bindings(top: ir.Stmt) -> tuple[tuple[tuple[str, Span, str], ...], frozenset[str]]:
    """The names a statement binds (first binding first) and the names it reads."""
    read: set[str] = set()
    bound: dict[str, tuple[str, Span, str]] = {}
    for stmt in walk_stmts((top,)):
        for target in _targets(stmt):
            # A loop variable's span is its `for` statement (as upstream reports it) through the name.
            span = target.span
            advice = REMOVE
            if isinstance(stmt, ir.For):
                span = Span(stmt.span.line, stmt.span.col, target.span.end_line, target.span.end_col)
                if stmt.kind == "split_aiv":
                    advice = KEEP_LANE_INDEX
            bound.setdefault(target.id, (target.id, span, advice))
        for expr in _read_exprs(stmt):
            for e in walk_expr(expr):
                if isinstance(e, ir.Name):
                    read.add(e.id)
                elif isinstance(e, ir.Opaque) and e.comp is not None:
                    read.update(e.comp.reads)  # a comprehension the parser unrolls reads its names
    return tuple(bound.values()), frozenset(read)


REMOVE = "Remove the binding, or use the value (the check reports '_' too)."
# The parser requires the loop variable of a region (PTO-P3), so removing it is not an option.
KEEP_LANE_INDEX = (
    "A pl.split_aiv region must bind its lane index, so keep it: use it to split the work between the "
    "lanes, or silence this line with '# noqa: PTO-F46'."
)


# Loops whose header names stay loop variables / iteration arguments in the IR: the check looks at assignments
# only. (A pl.split_aiv lane index and a pl.spmd block index become assignments of the index query.)
_LOOP_VARIABLES = frozenset({"range", "parallel", "unroll", "pipeline", "while_"})


def _targets(stmt: ir.Stmt) -> Iterator[ir.Name]:
    if isinstance(stmt, ir.Assign):
        if isinstance(stmt.value, ir.Call) and stmt.value.func == "pl.yield_":
            return  # `x_out = pl.yield_(...)` names the loop's (or if's) result: a return variable, not checked
        for target in stmt.targets:
            yield from _names(target)
    elif isinstance(stmt, ir.For) and stmt.kind not in _LOOP_VARIABLES:
        yield from _names(stmt.target)


def _names(target: ir.Expr) -> Iterator[ir.Name]:
    if isinstance(target, ir.Name):
        yield target
    elif isinstance(target, ir.TupleExpr | ir.ListExpr):
        for elt in target.elts:
            yield from _names(elt)


def _read_exprs(stmt: ir.Stmt) -> Iterator[ir.Expr]:
    """The expressions a statement reads (assignment targets are written, except inside subscripts)."""
    if isinstance(stmt, ir.Assign):
        yield stmt.value
        for target in stmt.targets:
            if isinstance(target, ir.Subscript):
                yield target
        return
    if isinstance(stmt, ir.For):
        yield stmt.iter
        return
    yield from stmt_exprs(stmt)
