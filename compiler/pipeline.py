"""Runs the front end and the pass pipeline on one document and returns its Analysis."""

from __future__ import annotations

import ast

from compiler.analysis import Analysis
from compiler.diagnostics import Diagnostic, Severity
from compiler.source import Span


def analyze(source: str, path: str = "<memory>", target: str | None = None) -> Analysis:
    """Analyse one document (placeholder until the front end lands: syntax errors only)."""
    diags: list[Diagnostic] = []
    try:
        ast.parse(source)
    except SyntaxError as exc:
        line = exc.lineno or 1
        col = max((exc.offset or 1) - 1, 0)
        diags.append(Diagnostic("E001", Severity.ERROR, exc.msg, Span(line, col, line, col + 1)))
    return Analysis(path=path, target=target or "a2a3", diagnostics=tuple(diags))
