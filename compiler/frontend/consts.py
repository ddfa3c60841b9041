"""Folding of module constants and DSL constant expressions (never imports user code).

The values come from the bounded evaluator (`compiler.evaluator`) through the module graph
(`compiler.modules`); this module adapts them to the front end's IR.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from compiler import ir
from compiler.evaluator import (
    UNKNOWN_VALUE,
    DslName,
    ImportFault,
    Record,
    attribute_of,
    evaluate_expression,
    freeze,
    safe_binop,
    safe_compare,
)
from compiler.ir_walk import map_ir
from compiler.modules import ModuleGraph, ModuleSummary, document_constants
from compiler.source import Span
from compiler.vocabulary import DSL_ROOTS, DTYPE_BITS, DTypeValue, dsl_constant, enum_members


@dataclass(frozen=True, slots=True)
class SourceText:
    """A module constant the front end cannot fold (e.g. a list of `pl.split(...)` calls): its source text.

    Quick fixes inline it where the parser demands a literal (`optimizations=[...]`).
    """

    text: str


MAX_FOLDED_BITS = 64  # no shape, offset or count is wider; a wider value is a typo or an attack


def fold(expr: ir.Expr | None, env: Mapping[str, object]) -> object:
    """Fold an IR expression to a Python value using module constants; UNKNOWN_VALUE otherwise."""
    value = _fold(expr, env)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_FOLDED_BITS:
        return UNKNOWN_VALUE
    return value


def _fold(expr: ir.Expr | None, env: Mapping[str, object]) -> object:
    if expr is None:
        return UNKNOWN_VALUE
    if isinstance(expr, ir.Const):
        return expr.value
    if isinstance(expr, ir.Name):
        return env.get(expr.id, UNKNOWN_VALUE)
    if isinstance(expr, ir.Attribute):
        return dotted_value(expr.dotted, env)
    if isinstance(expr, ir.UnaryOp):
        value = fold(expr.operand, env)
        if _numeric(value):
            return -value if expr.op == "-" else value if expr.op == "+" else UNKNOWN_VALUE  # type: ignore[operator]
        return UNKNOWN_VALUE
    if isinstance(expr, ir.BinOp):
        left, right = fold(expr.left, env), fold(expr.right, env)
        if not _numeric(left) or not _numeric(right):
            return UNKNOWN_VALUE
        return safe_binop(expr.op, left, right)
    if isinstance(expr, ir.TupleExpr | ir.ListExpr):
        return tuple(fold(e, env) for e in expr.elts)
    if isinstance(expr, ir.Subscript):
        base, index = fold(expr.value, env), fold(expr.index, env)
        if isinstance(base, tuple) and isinstance(index, int) and not isinstance(index, bool):
            return base[index] if -len(base) <= index < len(base) else UNKNOWN_VALUE
        return UNKNOWN_VALUE
    if isinstance(expr, ir.Compare):
        left, right = fold(expr.left, env), fold(expr.right, env)
        if not _numeric(left) or not _numeric(right):
            return UNKNOWN_VALUE
        return safe_compare(expr.op, left, right)
    if isinstance(expr, ir.Call):
        nbytes = dtype_bytes(expr)
        return UNKNOWN_VALUE if nbytes is None else nbytes
    return UNKNOWN_VALUE


def dtype_bytes(call: ir.Call) -> int | None:
    """`pl.FP32.get_byte()`: the parser folds it to the dtype's size in bytes (None for any other call)."""
    if call.args or call.keywords or not call.func.endswith(".get_byte"):
        return None
    value = dsl_constant(call.func.removesuffix(".get_byte"))
    if not isinstance(value, DTypeValue) or value.name not in DTYPE_BITS:
        return None
    return (DTYPE_BITS[value.name] + 7) // 8


def dotted_value(dotted: str, env: Mapping[str, object]) -> object:
    """`pl.FP32`, `pl.SplitMode.UP_DOWN`, or an attribute chain of a folded value (`M.hidden_size`)."""
    head, _, rest = dotted.partition(".")
    if head in DSL_ROOTS or head not in env:
        return attribute_value(dotted)
    value = env[head]
    for name in rest.split("."):
        if value is UNKNOWN_VALUE or (not isinstance(value, Record | DslName) and not _is_module(value)):
            return UNKNOWN_VALUE
        value = attribute_of(value, name)
    return _front_end_value(value)


def _is_module(value: object) -> bool:
    from compiler.evaluator import ClassValue, ModuleValue

    return isinstance(value, ModuleValue | ClassValue)


def _front_end_value(value: object) -> object:
    """Values as the front end uses them: DSL enums and dtypes as such, `pl.dynamic` as its name."""
    if isinstance(value, DslName):
        return attribute_value(value.dotted)
    return value


def _numeric(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def attribute_value(dotted: str) -> object:
    """`pl.FP32` -> DTypeValue, `pl.SplitMode.UP_DOWN` -> EnumValue, `pl.AUTO` -> -1; UNKNOWN_VALUE otherwise."""
    value = dsl_constant(dotted)
    return UNKNOWN_VALUE if value is None else value


def enum_member_error(dotted: str) -> str | None:
    """For `pl.SplitMode.TOP_BOTTOM` etc.: the name of the bad member, or None when valid/not an enum."""
    parts = dotted.split(".")
    if len(parts) != 3 or parts[0] not in DSL_ROOTS:
        return None
    members = enum_members(parts[1])
    return parts[2] if members is not None and parts[2] not in members else None


# ---------------------------------------------------------------- closures folded into the IR
def resolve_globals(stmt: ir.Stmt, constants: Mapping[str, object], params: set[str]) -> ir.Stmt:
    """Names of another scope (a foreign helper's module, a factory's closure) become literals where their
    values are known, so the caller's module need not define them; `params` are the function's own names."""

    def const_of(node: Any) -> Any | None:
        # By exact type (IR classes are never subclassed): map_ir calls this for every node.
        if type(node) is ir.Name:
            if node.id not in params and node.id in constants:
                return _literal(constants[node.id], node.span)
        elif type(node) is ir.Attribute:
            head = node.dotted.split(".", 1)[0]
            if head not in DSL_ROOTS and head in constants and head not in params:
                return _literal(dotted_value(node.dotted, constants), node.span)
        return None

    result: ir.Stmt = map_ir(stmt, const_of)
    return result


def _literal(value: object, span: Span) -> ir.Expr | None:
    if isinstance(value, bool | int | float | str) or value is None:
        return ir.Const(value, span)
    if isinstance(value, tuple) and len(value) <= 16:
        items = [_literal(v, span) for v in value]
        if all(i is not None for i in items):
            return ir.TupleExpr(tuple(i for i in items if i is not None), span)
    return None


# ---------------------------------------------------------------- module constants
def eval_expr(node: ast.expr, env: Mapping[str, object]) -> object:
    """Evaluate one source expression (an annotation dimension, a dict value) against module values."""
    return _front_end_value(evaluate_expression(node, env))


def source_text(node: ast.AST) -> str:
    """`ast.unparse`, but never an exception (a literal too long for str(), a tree too deep): then '...'."""
    try:
        text = ast.unparse(node)
    except (ValueError, RecursionError, MemoryError):
        return "..."
    return text if len(text) <= 10_000 else "..."


def _has_unknown(value: object) -> bool:
    if value is UNKNOWN_VALUE:
        return True
    return isinstance(value, tuple) and any(_has_unknown(v) for v in value)


def module_constants(
    tree: ast.Module,
    path: str | None,
    graph: ModuleGraph | None = None,
    deps: list[ModuleSummary] | None = None,
    faults: list[ImportFault] | None = None,
    text: str | None = None,
) -> dict[str, object]:
    """Evaluate the module-level code of a document statically (imports through the module graph;
    `deps` collects the modules it read, with their text; `faults` what makes its import fail; `text`: the
    source of `tree`, when at hand)."""
    graph = graph if graph is not None else ModuleGraph()
    names = document_constants(tree, path, graph, deps, faults, text)
    return front_end_env(names, tree)


def front_end_env(evaluated: Mapping[str, object], tree: ast.Module) -> dict[str, object]:
    """Evaluated module names as the front end folds them: frozen values, DSL enums as such, unfoldable
    lists as source text, and every name the module binds present (unknown at worst)."""
    names = dict(evaluated)
    env: dict[str, object] = {}
    for stmt in tree.body:
        # A list the evaluator cannot fold (e.g. of `pl.split(...)` calls) keeps its source text, which
        # quick fixes inline where the parser demands a literal (`optimizations=[...]`).
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            value = freeze(names.get(stmt.targets[0].id, UNKNOWN_VALUE))
            if isinstance(stmt.value, ast.List | ast.Call) and _has_unknown(value):
                names[stmt.targets[0].id] = SourceText(source_text(stmt.value))
        # Every module-level binding is a known name, even with an unknown value: never "undefined".
        for name in _bound_names(stmt):
            names.setdefault(name, UNKNOWN_VALUE)
    for name, value in names.items():
        env[name] = _front_end_value(freeze(value))
    return env


def _bound_names(stmt: ast.stmt) -> list[str]:
    """Names a module-level statement binds (imports, assignment targets, defs, classes)."""
    names: list[str] = []
    for node in ast.walk(stmt):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names.extend((a.asname or a.name).split(".")[0] for a in node.names if a.name != "*")
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.append(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
            break  # a nested body's names are not module names
    return names


# The DSL loops whose iterator a deps= comprehension's evaluation builds (over int literals; pl.pipeline with
# stage= >= 1), which the parser then rejects as an iterable it cannot unroll (PTO-F247).
DSL_LOOPS = frozenset({"pl.range", "pl.parallel", "pl.pipeline"})
