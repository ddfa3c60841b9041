"""Analysis diagnostics -> LSP diagnostics (with related locations, docs links and fix data)."""

from __future__ import annotations

import functools
import os
from functools import cache
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.uris import from_fs_path

from compiler import diagnostics as cd
from compiler import fixes
from compiler.analysis import Analysis
from compiler.fixes import Fix
from compiler.source import Span
from pypto_lsp.config import Settings
from pypto_lsp.positions import LineIndex

SOURCE = "pypto"
HAZARD_PREFIX = "PTO-H"

_SEVERITY = {
    cd.Severity.ERROR: types.DiagnosticSeverity.Error,
    cd.Severity.WARNING: types.DiagnosticSeverity.Warning,
    cd.Severity.INFORMATION: types.DiagnosticSeverity.Information,
    cd.Severity.HINT: types.DiagnosticSeverity.Hint,
}
_TAGS = {"unnecessary": types.DiagnosticTag.Unnecessary, "deprecated": types.DiagnosticTag.Deprecated}


@cache
def _docs_file() -> Path | None:
    # docs/ sits beside the package in the repository (and in an editable install)
    path = Path(__file__).resolve().parents[2] / "docs" / "diagnostics.md"
    return path if path.is_file() else None


def anchor(code: str) -> str:
    """Markdown anchor of a code in docs/diagnostics.md: PTO-AV-E -> 'av-e'."""
    lowered = code.lower()
    return lowered.removeprefix("pto-")


@functools.cache  # one stat per code, not one per published diagnostic
def code_description(code: str) -> types.CodeDescription | None:
    """Link to the rule's own page, shipped in the package (else its row of docs/diagnostics.md)."""
    from pypto_lsp.rule_docs import page_path

    page = page_path(code)
    if page.is_file():
        return types.CodeDescription(href=page.as_uri())
    docs = _docs_file()
    if docs is None:
        return None
    return types.CodeDescription(href=f"{docs.as_uri()}#{anchor(code)}")


def visible(diag: cd.Diagnostic, settings: Settings) -> bool:
    """False for hazard lints when the user switched them off."""
    return settings.hazard_lints or not (
        diag.code.startswith(HAZARD_PREFIX) and diag.severity is not cd.Severity.ERROR
    )


def fix_to_data(fix: Fix) -> dict[str, Any]:
    """JSON form of a Fix (clients echo Diagnostic.data back in code-action requests)."""
    span = fix.span
    return {
        "kind": fix.kind,
        "span": [span.line, span.col, span.end_line, span.end_col],
        "args": [[k, v] for k, v in fixes.to_args(fix)],
    }


def fix_from_data(data: Any) -> Fix | None:
    """Rebuild a Fix from its JSON form; None when the payload is not one of ours."""
    try:
        line, col, end_line, end_col = (int(v) for v in data["span"])
        args = {str(k): str(v) for k, v in data.get("args", ())}
        return fixes.from_args(str(data["kind"]), Span(line, col, end_line, end_col), args)
    except (KeyError, TypeError, ValueError):
        return None


def _location(rel: cd.Related, index: LineIndex, uri: str) -> types.Location:
    """Where a related location is: in this document, or in another file (a helper, an entry), whose text
    is not at hand (its columns are taken as they are)."""
    if rel.path is None:
        return types.Location(uri=uri, range=index.range(rel.span))
    span = rel.span
    other = from_fs_path(os.path.abspath(rel.path)) or Path(os.path.abspath(rel.path)).as_uri()
    start = types.Position(line=max(span.line - 1, 0), character=span.col)
    end = types.Position(line=max(span.end_line - 1, 0), character=span.end_col)
    return types.Location(uri=other, range=types.Range(start=start, end=end))


def to_lsp(diag: cd.Diagnostic, index: LineIndex, uri: str, version: int | None) -> types.Diagnostic:
    """One LSP diagnostic; the fixes travel in data together with the document version."""
    message = diag.message if not diag.hint else f"{diag.message}\nhint: {diag.hint}"
    related = [
        types.DiagnosticRelatedInformation(location=_location(rel, index, uri), message=rel.message)
        for rel in diag.related
    ]
    tags = [_TAGS[t] for t in diag.tags if t in _TAGS]
    data = {"version": version, "fixes": [fix_to_data(f) for f in diag.fixes]} if diag.fixes else None
    return types.Diagnostic(
        range=index.range(diag.span),
        message=message,
        severity=_SEVERITY.get(diag.severity, types.DiagnosticSeverity.Error),
        code=diag.code,
        code_description=code_description(diag.code),
        source=SOURCE,
        related_information=related or None,
        tags=tags or None,
        data=data,
    )


def collect(
    analysis: Analysis | None, index: LineIndex, uri: str, version: int | None, settings: Settings
) -> list[types.Diagnostic]:
    """All visible diagnostics of an analysis (none for non-DSL files)."""
    if analysis is None:
        return []
    return [to_lsp(d, index, uri, version) for d in analysis.diagnostics if visible(d, settings)]
