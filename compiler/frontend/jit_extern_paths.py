"""The paths `@pl.jit.extern(...)` resolves when Python applies it at import (jit/decorator.py,
`_resolve_extern_source` / `_resolve_extern_include_dirs`): a source file that does not exist (F311), an
include_dirs given as one string (F312), an include directory that does not exist (F313).

A relative path is resolved against the folder of the file that defines the stub, as the decorator does.
Only string literals are read (a path computed at import stays silent), only for a document saved on disk,
and only once the decorator's own checks (PTO-F232 ... F235) pass. Spans are in document lines: the
decorators are found in the text itself, so the unit caches (keyed by text, not by place) stay as they are."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.source import Span

_DECORATOR = re.compile(r"^([ \t]*)@[ \t]*pl\.jit\.extern\b", re.M)
_MAX_LINES = 40  # a decorator call longer than this is left alone
_CORE_TYPES = ("aic", "aiv", "mixed")
_UNSET = object()


def extern_path_faults(source: str, path: str | None) -> list[Diagnostic]:
    """F311 ... F313 on every `@pl.jit.extern(...)` of a document saved at `path`."""
    if path is None or "jit.extern" not in source:
        return []
    file = Path(path).absolute()
    if not file.is_file():
        return []
    base = file.parent
    lines = source.split("\n")
    out: list[Diagnostic] = []
    for match in _DECORATOR.finditer(source):
        first = source.count("\n", 0, match.start()) + 1
        found = _decorator_call(lines, first, len(match.group(1)))
        if found is not None:
            call, span = found
            fault = _fault(call, base, span)
            if fault is not None:
                out.append(fault)
    return out


def _decorator_call(lines: list[str], first: int, indent: int) -> tuple[ast.Call, Span] | None:
    """The decorator's call expression starting on 1-based line `first`, and its span."""
    head = lines[first - 1]
    at = head.index("@", indent)
    start = at + 1
    text = head[start:]
    for count in range(1, _MAX_LINES + 1):
        if count > 1:
            if first + count - 2 >= len(lines):
                return None
            text += "\n" + lines[first + count - 2]
        try:
            tree = ast.parse(text.lstrip(" \t"), mode="eval")
        except SyntaxError:
            continue
        node = tree.body
        if not isinstance(node, ast.Call):
            return None
        col = start + len(text) - len(text.lstrip(" \t"))
        end_line = first + (node.end_lineno or 1) - 1
        end_col = node.end_col_offset or 0
        if end_line == first:
            end_col += col  # the first line was parsed without its indent and `@`
        return node, Span(first, col, end_line, end_col)
    return None


def _literal(node: ast.expr | None) -> object:
    if node is None:
        return None
    return node.value if isinstance(node, ast.Constant) else _UNSET


def _fault(call: ast.Call, base: Path, span: Span) -> Diagnostic | None:
    """What `_ExternKernelDecorator.__call__` raises first about a path, when its other checks pass."""
    if call.args or any(kw.arg is None for kw in call.keywords):
        return None
    keywords = {kw.arg: kw.value for kw in call.keywords}
    core_type = _literal(keywords.get("core_type")) if "core_type" in keywords else "aiv"
    dual = _literal(keywords.get("dual_aiv_dispatch")) if "dual_aiv_dispatch" in keywords else False
    if core_type not in _CORE_TYPES or dual is _UNSET or (dual and core_type != "mixed"):
        return None  # PTO-F232 / F233, or a value the model does not read
    values = {k: _literal(keywords.get(k)) for k in ("source", "aic_source", "aiv_source")}
    if core_type == "mixed":
        sources = [values["aic_source"], values["aiv_source"]]
    else:
        single = (
            values["source"] if values["source"] is not None else values["aic_source"] or values["aiv_source"]
        )
        sources = [single]
    for value in sources:
        if not isinstance(value, str):
            return None  # PTO-F234 / F235 (None), or a path computed at import
        resolved = _resolve(value, base)
        if not os.path.isfile(resolved):
            return diagnostic("PTO-F311", span, path=resolved)
    dirs = keywords.get("include_dirs")
    if dirs is None or (isinstance(dirs, ast.Constant) and dirs.value is None):
        return None
    if isinstance(dirs, ast.Constant) and isinstance(dirs.value, str | bytes):
        return diagnostic("PTO-F312", span, type=type(dirs.value).__name__)
    if not isinstance(dirs, ast.List | ast.Tuple):
        return None
    for element in dirs.elts:
        value = _literal(element)
        if not isinstance(value, str):
            return None
        resolved = _resolve(value, base)
        if not os.path.isdir(resolved):
            return diagnostic("PTO-F313", span, path=resolved)
    return None


def _resolve(value: str, base: Path) -> str:
    """The decorator's resolution: relative to the defining file's folder, then made absolute."""
    path = value if os.path.isabs(value) else os.path.join(base, value)
    return os.path.abspath(path)
