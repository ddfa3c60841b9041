"""Read-only traversals of the surface IR shared by the passes."""

from __future__ import annotations

from collections.abc import Iterator

from compiler import ir


def sub_exprs(expr: ir.Expr) -> Iterator[ir.Expr]:
    """Direct children of an expression."""
    if isinstance(expr, ir.Call):
        yield from expr.args
        for kw in expr.keywords:
            yield kw.value
    elif isinstance(expr, ir.Subscript):
        yield expr.value
        yield expr.index
    elif isinstance(expr, ir.SliceExpr):
        for part in (expr.lower, expr.upper, expr.step):
            if part is not None:
                yield part
    elif isinstance(expr, ir.BinOp | ir.Compare):
        yield expr.left
        yield expr.right
    elif isinstance(expr, ir.UnaryOp):
        yield expr.operand
    elif isinstance(expr, ir.BoolOp):
        yield from expr.values
    elif isinstance(expr, ir.TupleExpr | ir.ListExpr):
        yield from expr.elts


def walk_expr(expr: ir.Expr) -> Iterator[ir.Expr]:
    """Every expression in a tree, parents first."""
    stack = [expr]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(sub_exprs(node))))


def stmt_exprs(stmt: ir.Stmt) -> Iterator[ir.Expr]:
    """The expressions a statement holds directly (not those of nested statements)."""
    if isinstance(stmt, ir.Assign):
        yield from stmt.targets
        yield stmt.value
    elif isinstance(stmt, ir.ExprStmt):
        yield stmt.value
    elif isinstance(stmt, ir.Return):
        if stmt.value is not None:
            yield stmt.value
    elif isinstance(stmt, ir.For):
        yield stmt.iter
    elif isinstance(stmt, ir.While | ir.If):
        yield stmt.test
    elif isinstance(stmt, ir.With):
        yield stmt.call


def child_blocks(stmt: ir.Stmt) -> tuple[tuple[ir.Stmt, ...], ...]:
    """Nested statement lists."""
    if isinstance(stmt, ir.For | ir.While | ir.With):
        return (stmt.body,)
    if isinstance(stmt, ir.If):
        return (stmt.body, stmt.orelse)
    return ()


def walk_stmts(stmts: tuple[ir.Stmt, ...]) -> Iterator[ir.Stmt]:
    """Every statement, in source order, including nested ones."""
    for stmt in stmts:
        yield stmt
        for block in child_blocks(stmt):
            yield from walk_stmts(block)


def calls_in_block(stmts: tuple[ir.Stmt, ...]) -> list[ir.Call]:
    """Every call in a statement list, including nested statements."""
    out: list[ir.Call] = []
    for stmt in walk_stmts(stmts):
        for expr in stmt_exprs(stmt):
            out.extend(e for e in walk_expr(expr) if isinstance(e, ir.Call))
    return out


def names_read(stmts: tuple[ir.Stmt, ...]) -> set[str]:
    """Every variable name read in a statement list (targets of plain assignment excluded)."""
    out: set[str] = set()
    for stmt in walk_stmts(stmts):
        exprs = list(stmt_exprs(stmt))
        if isinstance(stmt, ir.Assign):
            exprs = [stmt.value] + [t for t in stmt.targets if not isinstance(t, ir.Name | ir.TupleExpr)]
        for expr in exprs:
            out.update(e.id for e in walk_expr(expr) if isinstance(e, ir.Name))
    return out
