"""Static evaluation of module constants and DSL constant expressions (never imports user code)."""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler import ir
from compiler.types import DTYPES, DTypeValue, EnumValue


class _Unknown:
    """A value the front end cannot fold; never an error on its own."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<unknown>"


UNKNOWN_VALUE = _Unknown()


@dataclass(frozen=True, slots=True)
class SourceText:
    """A module constant the front end cannot fold (e.g. a list of `pl.split(...)` calls): its source text.

    Quick fixes inline it where the parser demands a literal (`optimizations=[...]`).
    """

    text: str


_ARITH: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "<<": operator.lshift,
    ">>": operator.rshift, "&": operator.and_, "|": operator.or_, "^": operator.xor,
}  # fmt: skip
_CMP: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
    ">=": operator.ge,
}  # fmt: skip

# Enum members of the DSL, by enum name (reference §6).
ENUMS: dict[str, tuple[str, ...]] = {
    "SplitMode": ("NONE", "UP_DOWN", "LEFT_RIGHT"),
    "MemorySpace": ("DDR", "Vec", "Mat", "Left", "Right", "Acc", "Bias", "LeftScale", "RightScale"),
    "Mem": ("DDR", "Vec", "Mat", "Left", "Right", "Acc", "Bias", "LeftScale", "RightScale"),
    "Level": ("HOST", "CLUSTER", "CORE_GROUP", "CORE", "GLOBAL", "CHIP", "DIE", "POD"),
    "FunctionType": ("Opaque", "Orchestration", "InCore", "AIC", "AIV", "Group", "Spmd", "Inline", "Host"),
    "KernelType": ("AIC", "AIV", "MIX"),
    "SyncAllMode": ("HARD", "SOFT"),
    "PipeType": ("MTE1", "MTE2", "MTE3", "M", "V", "S", "FIX", "ALL"),
    "PadValue": ("zero", "max", "min", "null"),
    "TileLayout": ("row_major", "col_major", "none_box", "nz", "zn"),
    "Layout": ("ND", "DN", "NZ"),
    "AtomicType": ("None_", "Add"),
    "NotifyOp": ("AtomicAdd", "Set"),
    "CmpType": ("EQ", "NE", "LT", "LE", "GT", "GE"),
}
_MEM_ALIASES = {"Mem": "MemorySpace"}
MAX_IMPORT_DEPTH = 4


def fold(expr: ir.Expr | None, env: Mapping[str, object]) -> object:
    """Fold an IR expression to a Python value using module constants; UNKNOWN_VALUE otherwise."""
    if expr is None:
        return UNKNOWN_VALUE
    if isinstance(expr, ir.Const):
        return expr.value
    if isinstance(expr, ir.Name):
        return env.get(expr.id, UNKNOWN_VALUE)
    if isinstance(expr, ir.Attribute):
        return attribute_value(expr.dotted)
    if isinstance(expr, ir.UnaryOp):
        value = fold(expr.operand, env)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return -value if expr.op == "-" else value if expr.op == "+" else UNKNOWN_VALUE
        return UNKNOWN_VALUE
    if isinstance(expr, ir.BinOp):
        left, right = fold(expr.left, env), fold(expr.right, env)
        fn = _ARITH.get(expr.op)
        if fn is None or not _numeric(left) or not _numeric(right):
            return UNKNOWN_VALUE
        try:
            return fn(left, right)
        except (ArithmeticError, ValueError, TypeError):
            return UNKNOWN_VALUE
    if isinstance(expr, ir.TupleExpr | ir.ListExpr):
        return tuple(fold(e, env) for e in expr.elts)
    if isinstance(expr, ir.Compare):
        left, right = fold(expr.left, env), fold(expr.right, env)
        fn = _CMP.get(expr.op)
        if fn is None or not _numeric(left) or not _numeric(right):
            return UNKNOWN_VALUE
        return fn(left, right)
    return UNKNOWN_VALUE


def _numeric(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def attribute_value(dotted: str) -> object:
    """`pl.FP32` -> DTypeValue, `pl.SplitMode.UP_DOWN` -> EnumValue; UNKNOWN_VALUE otherwise."""
    parts = dotted.split(".")
    if parts[0] not in ("pl", "pld"):
        return UNKNOWN_VALUE
    if len(parts) == 2 and parts[1] in DTYPES:
        return DTypeValue(parts[1])
    if len(parts) == 2 and parts[1] == "AUTO":
        return EnumValue("Base", "AUTO")
    if len(parts) == 3 and parts[1] in ENUMS:
        enum = _MEM_ALIASES.get(parts[1], parts[1])
        return EnumValue(enum, parts[2])
    return UNKNOWN_VALUE


def enum_member_error(dotted: str) -> str | None:
    """For `pl.SplitMode.TOP_BOTTOM` etc.: the name of the bad member, or None when valid/not an enum."""
    parts = dotted.split(".")
    if (
        len(parts) == 3
        and parts[0] in ("pl", "pld")
        and parts[1] in ENUMS
        and parts[2] not in ENUMS[parts[1]]
    ):
        return parts[2]
    return None


# ---------------------------------------------------------------- module constants
def _eval_ast(node: ast.expr, env: Mapping[str, object]) -> object:
    if isinstance(node, ast.Constant):
        literal = node.value
        return literal if isinstance(literal, int | float | str | bool) else UNKNOWN_VALUE
    if isinstance(node, ast.Name):
        return env.get(node.id, UNKNOWN_VALUE)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = _eval_ast(node.operand, env)
        if _numeric(value):
            return -value if isinstance(node.op, ast.USub) else value  # type: ignore[operator]
        return UNKNOWN_VALUE
    if isinstance(node, ast.BinOp):
        from compiler.frontend.builder import _BINOPS

        fn = _ARITH.get(_BINOPS.get(type(node.op), "?"))
        left, right = _eval_ast(node.left, env), _eval_ast(node.right, env)
        if fn is None or not _numeric(left) or not _numeric(right):
            return UNKNOWN_VALUE
        try:
            result = fn(left, right)
        except (ArithmeticError, ValueError, TypeError):
            return UNKNOWN_VALUE
        # Guard against constant blow-ups such as 10 ** 10 ** 10 (a file must never hang the server).
        if isinstance(result, int) and result.bit_length() > 256:
            return UNKNOWN_VALUE
        return result
    if isinstance(node, ast.Tuple | ast.List):
        return tuple(_eval_ast(e, env) for e in node.elts)
    if isinstance(node, ast.Attribute):
        from compiler.frontend.builder import dotted_name

        dotted = dotted_name(node)
        return attribute_value(dotted) if dotted else UNKNOWN_VALUE
    return UNKNOWN_VALUE


def _constant(node: ast.expr, env: Mapping[str, object]) -> object:
    value = _eval_ast(node, env)
    if isinstance(node, ast.List | ast.Call) and _has_unknown(value):
        return SourceText(ast.unparse(node))
    return value


def _has_unknown(value: object) -> bool:
    if value is UNKNOWN_VALUE:
        return True
    return isinstance(value, tuple) and any(_has_unknown(v) for v in value)


def module_constants(
    tree: ast.Module,
    path: str | None,
    read_file: Callable[[Path], str | None] | None = None,
    depth: int = 0,
    seen: frozenset[str] = frozenset(),
) -> dict[str, object]:
    """Evaluate top-level `NAME = expr` constants and `from .mod import NAME` imports, statically."""
    env: dict[str, object] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            env[stmt.targets[0].id] = _constant(stmt.value, env)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            env[stmt.target.id] = _eval_ast(stmt.value, env)
        elif (
            isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Tuple)
        ):
            # `T, N = 128, 128`
            names = stmt.targets[0].elts
            value = _eval_ast(stmt.value, env)
            values = (
                value
                if isinstance(value, tuple) and len(value) == len(names)
                else (UNKNOWN_VALUE,) * len(names)
            )
            for target, item in zip(names, values, strict=True):
                if isinstance(target, ast.Name):
                    env[target.id] = item
        elif isinstance(stmt, ast.ImportFrom) and path and read_file and depth < MAX_IMPORT_DEPTH:
            env.update(_imported(stmt, path, read_file, depth, seen))
        # Every other module-level binding (an import we cannot read, a name bound under a top-level if /
        # try / for / with) is a known name with an unknown value: never "undefined".
        for name in _bound_names(stmt):
            env.setdefault(name, UNKNOWN_VALUE)
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


def _imported(
    stmt: ast.ImportFrom, path: str, read_file: Callable[[Path], str | None], depth: int, seen: frozenset[str]
) -> dict[str, object]:
    module = stmt.module or ""
    if module.startswith("pypto"):
        return {}
    base = Path(path).parent
    for _ in range(max(stmt.level - 1, 0)):
        base = base.parent
    candidate = base.joinpath(*module.split(".")) if module else base
    for file in (candidate.with_suffix(".py"), candidate / "__init__.py"):
        key = str(file)
        if key in seen:
            continue
        text = read_file(file)
        if text is None:
            continue
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            return {}
        other = module_constants(tree, key, read_file, depth + 1, seen | {key})
        out: dict[str, object] = {}
        for alias in stmt.names:
            if alias.name in other:
                out[alias.asname or alias.name] = other[alias.name]
        return out
    return {}


def read_text_file(path: Path) -> str | None:
    """Read a workspace file as text (never imported), or None when it cannot be read."""
    try:
        if path.is_file() and path.stat().st_size < 2_000_000:
            return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return None
