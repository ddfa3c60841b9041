"""What the `@pl.jit.<kind>(...)` sub-function decorators check when Python applies them at import
(jit/decorator.py): level= / auto_scope= where the kind takes none, and `@pl.jit.extern`'s core_type and
sources. Read from literals only: a keyword given a name stays silent."""

from __future__ import annotations

import ast
from collections.abc import Callable

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.frontend.builder import SpanMaker
from compiler.source import Span

_NO_LEVEL = ("jit.host", "jit.inline", "jit.opaque")
_NO_AUTO_SCOPE = ("jit.incore", "jit.opaque")
_CORE_TYPES = ("aic", "aiv", "mixed")
_UNSET = object()


def check_jit_decorator(
    decorator: str,
    call: ast.Call | None,
    node: ast.expr,
    spans: SpanMaker,
    report: Callable[[Diagnostic], None],
) -> None:
    """F230 ... F235 on one function's `@pl.jit.<kind>` decorator (`node`, `call` when it is called)."""
    if not decorator.startswith("jit."):
        return
    span = spans.of(node)
    keywords = {kw.arg: kw.value for kw in call.keywords if kw.arg is not None} if call is not None else {}
    if call is not None and (any(kw.arg is None for kw in call.keywords) or call.args):
        return  # **kwargs or a positional argument: the model does not follow them
    kind = decorator[len("jit.") :]
    if decorator in _NO_LEVEL and "level" in keywords and _literal(keywords["level"]) is not None:
        report(diagnostic("PTO-F230", span, kind=kind))
        return
    if decorator in _NO_AUTO_SCOPE and "auto_scope" in keywords:
        report(diagnostic("PTO-F231", span, kind=kind))
        return
    if decorator == "jit.extern":
        _extern(keywords, span, report)


def _literal(value: ast.expr) -> object:
    """A constant's value, `_UNSET` for any other expression."""
    return value.value if isinstance(value, ast.Constant) else _UNSET


def _extern(keywords: dict[str, ast.expr], span: Span, report: Callable[[Diagnostic], None]) -> None:
    core_type = _literal(keywords["core_type"]) if "core_type" in keywords else "aiv"
    if core_type is _UNSET:
        return
    if core_type not in _CORE_TYPES:
        report(diagnostic("PTO-F232", span, core_type=repr(core_type)))
        return
    dual = _literal(keywords["dual_aiv_dispatch"]) if "dual_aiv_dispatch" in keywords else False
    if dual is _UNSET:
        return
    if dual and core_type != "mixed":
        report(diagnostic("PTO-F233", span))
        return
    sources = {
        k: _literal(keywords[k]) if k in keywords else None for k in ("source", "aic_source", "aiv_source")
    }
    if core_type == "mixed":
        if sources["aic_source"] is None or sources["aiv_source"] is None:
            report(diagnostic("PTO-F234", span))
    elif all(v is None for v in sources.values()):
        report(diagnostic("PTO-F235", span, core_type=repr(core_type)))
