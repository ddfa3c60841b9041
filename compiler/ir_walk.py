"""Walking and rewriting the surface IR: read-only traversals, and rebuilds that share unchanged subtrees.

IR plumbing shared by the front end, the memos, the passes and the lints; no rule lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import fields, replace
from typing import Any

from compiler import ir
from compiler.source import Span


def _call_children(expr: ir.Call) -> tuple[ir.Expr, ...]:
    if not expr.keywords:
        return expr.args
    return (*expr.args, *(kw.value for kw in expr.keywords))


def _slice_children(expr: ir.SliceExpr) -> tuple[ir.Expr, ...]:
    return tuple(part for part in (expr.lower, expr.upper, expr.step) if part is not None)


# The direct children of each expression class (looked up by exact type: IR classes are never subclassed).
_SUB_EXPRS: dict[type, Callable[[Any], tuple[ir.Expr, ...]]] = {
    ir.Call: _call_children,
    ir.Subscript: lambda e: (e.value, e.index),
    ir.SliceExpr: _slice_children,
    ir.BinOp: lambda e: (e.left, e.right),
    ir.Compare: lambda e: (e.left, e.right),
    ir.UnaryOp: lambda e: (e.operand,),
    ir.BoolOp: lambda e: e.values,
    ir.TupleExpr: lambda e: e.elts,
    ir.ListExpr: lambda e: e.elts,
}


def sub_exprs(expr: ir.Expr) -> tuple[ir.Expr, ...]:
    """Direct children of an expression."""
    children = _SUB_EXPRS.get(type(expr))
    return children(expr) if children is not None else ()


def walk_expr(expr: ir.Expr) -> Iterator[ir.Expr]:
    """Every expression in a tree, parents first."""
    stack = [expr]
    table = _SUB_EXPRS
    while stack:
        node = stack.pop()
        yield node
        children = table.get(type(node))
        if children is not None:
            stack.extend(reversed(children(node)))


def names_and_calls(expr: ir.Expr, names: set[str], calls: list[Span]) -> None:
    """Add the names an expression reads to `names` and its calls' spans to `calls`, in `walk_expr`'s
    order (a loop, not a generator: a cold open walks about a million expressions here)."""
    stack: list[Any] = [expr]
    table = _SUB_EXPRS
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is ir.Name:
            names.add(node.id)
            continue
        if kind is ir.Call:
            calls.append(node.span)
        children = table.get(kind)
        if children is not None:
            stack.extend(reversed(children(node)))


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
    kind = type(stmt)  # by exact type (IR classes are never subclassed): called for every statement walked
    if kind is ir.For or kind is ir.While or kind is ir.With:
        return (stmt.body,)  # type: ignore[union-attr]
    if kind is ir.If:
        return (stmt.body, stmt.orelse)  # type: ignore[union-attr]
    return ()


def names_in(expr: ir.Expr) -> frozenset[str]:
    """Every variable an expression mentions."""
    return frozenset(e.id for e in walk_expr(expr) if isinstance(e, ir.Name))


def structure(node: object, leaf: Callable[[object], object | None] | None = None) -> object:
    """A node's structure without its spans (two spellings of one expression give equal keys); `leaf` may
    key a node itself (it returns None to let the structure decide)."""
    if leaf is not None and (found := leaf(node)) is not None:
        return found
    if isinstance(node, tuple):
        return tuple(structure(e, leaf) for e in node)
    if not hasattr(node, "__dataclass_fields__"):
        return node
    fields = (structure(getattr(node, f), leaf) for f in node.__dataclass_fields__ if not f.endswith("span"))
    return (type(node).__name__, *fields)


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


def stored_names(stmts: tuple[ir.Stmt, ...]) -> set[str]:
    """Every name a body binds (its locals): module constants of the same name do not apply to them."""
    out: set[str] = set()
    for stmt in walk_stmts(stmts):
        targets: tuple[ir.Expr, ...] = ()
        if isinstance(stmt, ir.Assign):
            targets = stmt.targets
        elif isinstance(stmt, ir.For):
            targets = (stmt.target,)
        elif isinstance(stmt, ir.With) and stmt.target:
            out.add(stmt.target)
        for target in targets:
            for node in (target, *(target.elts if isinstance(target, ir.TupleExpr | ir.ListExpr) else ())):
                if isinstance(node, ir.Name):
                    out.add(node.id)
                elif isinstance(node, ir.TupleExpr):
                    out.update(e.id for e in node.elts if isinstance(e, ir.Name))
    return out


# ---------------------------------------------------------------- rewriting
_IR_NODE_TYPES: tuple[type, ...] = (
    *ir.Expr.__args__,  # type: ignore[attr-defined]
    *ir.Stmt.__args__,  # type: ignore[attr-defined]
    ir.Keyword,
    ir.Param,
    ir.Function,
)
# For each IR class, the fields that can hold IR nodes (not spans, names or types), in field order.
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(
        f.name
        for f in fields(cls)
        if f.name not in ("span", "header", "func_span", "type", "return_type", "attrs", "closure")
        and f.type not in ("str", "str | None", "bool", "int")
    )
    for cls in _IR_NODE_TYPES
}

CHILD_FIELDS = _CHILD_FIELDS  # for rewrites specialised to one kind of change (the inliner's renaming)

# The IR classes whose fields are all set by __init__: rebuilt by a positional call (dataclasses.replace,
# generic, costs several times as much, and map_ir rebuilds every node on the path to a change).
_ALL_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls)) for cls in _IR_NODE_TYPES if all(f.init for f in fields(cls))
}


# The IR classes with no child nodes (names, literals, attributes): map_ir maps them without recursing
# (`fn` sees IR nodes and tuples of them; a literal's own value is no node).
_LEAVES: frozenset[type] = frozenset({ir.Const, *(cls for cls, names in _CHILD_FIELDS.items() if not names)})


def rebuilt(node: Any, changes: dict[str, Any]) -> Any:
    """`dataclasses.replace(node, **changes)` for an IR node, faster."""
    names = _ALL_FIELDS.get(type(node))
    if names is None:
        return replace(node, **changes)
    return type(node)(*[changes[n] if n in changes else getattr(node, n) for n in names])


def map_ir(node: Any, fn: Callable[[Any], Any | None], post: Callable[[Any], Any] | None = None) -> Any:
    """Rebuild an IR tree; `fn` may replace a node before its children are visited (None keeps it), and
    `post` rewrites each rebuilt node. Unchanged subtrees are shared."""
    replaced = fn(node)
    if replaced is not None:
        return replaced
    leaves = _LEAVES
    if isinstance(node, tuple):
        out: list[Any] | None = None
        for index, item in enumerate(node):
            if type(item) in leaves:  # what map_ir gives a leaf, without the call (most nodes are leaves)
                mapped = fn(item)
                if mapped is None:
                    mapped = item if post is None else post(item)
            else:
                mapped = map_ir(item, fn, post)
            if out is not None:
                out.append(mapped)
            elif mapped is not item:
                out = [*node[:index], mapped]
        return tuple(out) if out is not None else node
    child_fields = _CHILD_FIELDS.get(type(node))
    if not child_fields:
        return post(node) if post is not None and child_fields is not None else node
    changes: dict[str, Any] | None = None
    for name in child_fields:
        value = getattr(node, name)
        if value is None or isinstance(value, str):
            continue
        if type(value) in leaves:
            mapped = fn(value)
            if mapped is None:
                mapped = value if post is None else post(value)
        else:
            mapped = map_ir(value, fn, post)
        if mapped is not value:
            if changes is None:
                changes = {}
            changes[name] = mapped
    new = rebuilt(node, changes) if changes else node
    return post(new) if post is not None else new


def map_spans(node: Any, fn: Callable[[Span], Span]) -> Any:
    """Rebuild an IR tree with every span replaced by `fn(span)`."""
    if isinstance(node, Span):
        return fn(node)
    if isinstance(node, tuple):
        return tuple(map_spans(item, fn) for item in node)
    if not hasattr(node, "__dataclass_fields__"):
        return node
    changes = {f.name: map_spans(getattr(node, f.name), fn) for f in fields(node)}
    return replace(node, **changes)
