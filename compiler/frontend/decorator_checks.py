"""What `@pl.program` reads from each member's `@pl.function(...)` decorator before parsing its body
(decorator.py): the keywords as written, type=, auto_scope=, and the attrs= value."""

from __future__ import annotations

import ast
from collections.abc import Callable

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.frontend.builder import SpanMaker
from compiler.syntax import dotted_name
from compiler.vocabulary import enum_members

_LITERAL_TYPES: dict[type, str] = {ast.List: "list", ast.Tuple: "tuple", ast.Set: "set"}
_ANNOTATIONS = frozenset({"pl.Tensor", "pl.Tile", "pl.Scalar", "pl.Array"})


def check_member_decorator(call: ast.Call, spans: SpanMaker, report: Callable[[Diagnostic], None]) -> None:
    """F175 ... F179 on the `@pl.function(...)` call of one `@pl.program` member."""
    if dotted_name(call.func) not in ("pl.function", "function"):
        return
    for kw in call.keywords:
        if kw.arg is None:
            report(diagnostic("PTO-F175", spans.of(call)))
            break
        if kw.arg == "type":
            if not _function_type(kw.value):
                report(diagnostic("PTO-F176", spans.of(kw.value)))
            break
    for kw in call.keywords:
        if kw.arg == "auto_scope":
            if not (isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, bool)):
                report(diagnostic("PTO-F177", spans.of(kw.value)))
            break
    for kw in call.keywords:
        if kw.arg == "attrs":
            _attrs(kw.value, spans, report)
            break


def _function_type(value: ast.expr) -> bool:
    """`pl.FunctionType.<member>` or `FunctionType.<member>`, as decorator.py accepts it."""
    if not isinstance(value, ast.Attribute):
        return False
    owner = dotted_name(value.value)
    if owner not in ("pl.FunctionType", "FunctionType"):
        return True  # another spelling: Python resolves it first (an AttributeError, or a value it accepts)
    members = enum_members("FunctionType")
    return members is None or value.attr in members


def _attrs(value: ast.expr, spans: SpanMaker, report: Callable[[Diagnostic], None]) -> None:
    """F178 / F179 / F261: the evaluated attrs= value is a dict with string keys and values that are no type
    annotation (literals only; others silent)."""
    kind = _LITERAL_TYPES.get(type(value))
    if kind is None and isinstance(value, ast.Constant) and value.value is not None:
        kind = type(value.value).__name__
    if kind is not None:
        report(diagnostic("PTO-F178", spans.of(value), type=kind))
        return
    if not isinstance(value, ast.Dict):
        return
    for key, item in zip(value.keys, value.values, strict=True):
        if isinstance(key, ast.Constant) and not isinstance(key.value, str):
            report(diagnostic("PTO-F179", spans.of(key), key=repr(key.value)))
            return
        if not isinstance(key, ast.Constant):
            return  # `**other` or a computed key: its value is not read here
        annotation = dotted_name(item.value) if isinstance(item, ast.Subscript) else None
        if annotation in _ANNOTATIONS:
            # An annotation-only wrapper, which _normalize_attrs cannot unwrap into a value.
            report(diagnostic("PTO-F261", spans.of(item), key=key.value, type=annotation[len("pl.") :]))
            return
