"""What decorator.py rejects in a @pl.function definition before its body is parsed: a host SubWorker member
that declares `self`, and a function attr naming a module-level `pl.dynamic` symbol (a variable)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.frontend.builder import SpanMaker
from compiler.syntax import dotted_name

# Levels at HOST or above (LevelToLinquLevel >= 3), with their aliases.
HOST_LEVELS = frozenset(
    {"HOST", "NODE", "CLUSTER_0", "POD", "CLUSTER_1", "CLOS1", "CLUSTER_2", "CLOS2", "GLOBAL"}
)


def check_definition(
    node: ast.FunctionDef,
    call: ast.Call,
    program: str | None,
    env: Mapping[str, object],
    spans: SpanMaker,
    report: Callable[[Diagnostic], None],
) -> None:
    """F285 / F293 on one `@pl.function(...)` definition."""
    if dotted_name(call.func) not in ("pl.function", "function"):
        return
    keywords = {kw.arg: kw.value for kw in call.keywords if kw.arg is not None}
    for kw in call.keywords:
        if kw.arg == "attrs" and isinstance(kw.value, ast.Dict):
            _attr_variables(kw.value, env, spans, report)
    level, role = keywords.get("level"), keywords.get("role")
    if (
        program is not None
        and level is not None
        and (dotted_name(level) or "").rsplit(".", 1)[-1] in HOST_LEVELS
        and role is not None
        and dotted_name(role) in ("pl.Role.SubWorker", "Role.SubWorker")
        and node.args.args
        and node.args.args[0].arg == "self"
    ):
        report(diagnostic("PTO-F293", spans.of(node.args.args[0]), stage="parse", function=node.name))


def _attr_variables(
    attrs: ast.Dict, env: Mapping[str, object], spans: SpanMaker, report: Callable[[Diagnostic], None]
) -> None:
    """F285: an attrs value that is a module-level pl.dynamic symbol, which unwraps to an IR variable."""
    for key, value in zip(attrs.keys, attrs.values, strict=True):
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return  # a `**` or a key of another type: reported elsewhere, or not read here
        if isinstance(value, ast.Name) and type(env.get(value.id)).__name__ == "Dynamic":
            report(diagnostic("PTO-F285", spans.of(value), stage="parse", key=key.value))
            return
