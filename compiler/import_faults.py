"""Modules that fail at import: a module-level `assert` the evaluator proves false, a division by zero, a
`raise` that runs. Python stops importing the module there, so the compiler rejects every entry that
imports it (directly or through other modules). Reported on the failing line, in Python's words, and at
each import statement of a document that reaches it; silent whenever a value is unknown.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from compiler.analysis import ForeignDiagnostic
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic, Related
from compiler.evaluator import ImportFault, evaluate_module
from compiler.modules import ModuleGraph, ModuleSummary, parse_source
from compiler.rules.module_import import FAILS_HERE, IMPORTED_FROM, RAISED_IN
from compiler.source import Span

MAX_IMPORT_DEPTH = 32


@dataclass(frozen=True, slots=True)
class ImportFaults:
    """A document's import faults: its own diagnostics, and those on the failing lines of other modules."""

    diagnostics: tuple[Diagnostic, ...] = ()
    foreign: tuple[ForeignDiagnostic, ...] = ()


def _span(fault: ImportFault) -> Span:
    return Span(fault.line, fault.col, fault.end_line, fault.end_col)


def _report(span: Span, fault: ImportFault, related: tuple[Related, ...] = ()) -> Diagnostic:
    """PTO-F48 with the fields of `XError: detail` (the evaluator notes only errors of that form)."""
    kind, _, detail = fault.error.partition(": ")
    return diagnostic("PTO-F48", span, related=related, exception=kind.removesuffix("Error"), detail=detail)


def _statement_span(stmt: ast.stmt) -> Span:
    """The first line of a statement."""
    end_line = stmt.end_lineno if stmt.end_lineno is not None else stmt.lineno
    end_col = stmt.end_col_offset if stmt.end_col_offset is not None else stmt.col_offset
    if end_line != stmt.lineno:
        end_line, end_col = stmt.lineno, 10_000
    return Span(stmt.lineno, stmt.col_offset, end_line, end_col)


def find_faults(
    module_code: str,
    path: str | None,
    graph: ModuleGraph,
    lines: Sequence[int] = (),
    evaluated: tuple[ast.Module, Sequence[ImportFault]] | None = None,
) -> ImportFaults:
    """The import faults a document's module-level code proves: its own, and those of the modules its
    top-level imports read. `lines` gives the document line of each line of `module_code` (the code is
    evaluated without the lines of DSL functions); without it, they are the document's lines. `evaluated`:
    the code's tree and own faults from the evaluation that gave the document's constants (not redone)."""

    def in_document(span: Span) -> Span:
        if not lines:
            return span
        first = lines[span.line - 1] if 0 < span.line <= len(lines) else span.line
        last = lines[span.end_line - 1] if 0 < span.end_line <= len(lines) else first
        return Span(first, span.col, last, span.end_col)

    if evaluated is None:
        try:
            tree = parse_source(module_code)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return ImportFaults()
    else:
        tree = evaluated[0]
    file = Path(path) if path else None
    found: list[Diagnostic] = []
    foreign: list[ForeignDiagnostic] = []
    with graph.query():
        own: list[ImportFault] = []
        if evaluated is None:
            importer = graph.importer(file, (file,) if file else (), [])
            evaluate_module(tree, graph.environ, importer, None, own)
        else:
            own.extend(evaluated[1])
        if own:
            found.append(_report(in_document(_span(own[0])), own[0]))
        for stmt in tree.body:
            if not isinstance(stmt, ast.Import | ast.ImportFrom):
                continue  # an import under `try` may be guarded; one under `if` may not run
            for dotted, target in _imported_files(stmt, file, graph):
                failing = _failing(graph, graph.summary(target), set())
                if failing is None:
                    continue
                module, fault = failing
                site = in_document(_statement_span(stmt))
                where = _relative(module.path, file)
                fails_here = Related(_span(fault), FAILS_HERE, (("module", dotted),), str(module.path))
                found.append(_report(site, fault, (fails_here,)))
                remark = RAISED_IN.remark(module=dotted, where=where, line=fault.line)
                found[-1] = replace(found[-1], remarks=(*found[-1].remarks, remark))
                if path is not None:
                    at_fault = _report(_span(fault), fault, (Related(site, IMPORTED_FROM, (), path),))
                    foreign.append(ForeignDiagnostic(str(module.path), at_fault))
                break  # one diagnostic per import statement
    return ImportFaults(tuple(found), tuple(foreign))


def _imported_files(
    stmt: ast.Import | ast.ImportFrom, file: Path | None, graph: ModuleGraph
) -> list[tuple[str, Path]]:
    """The module files an import statement reads, with the names it gives them."""
    out: list[tuple[str, Path]] = []
    if isinstance(stmt, ast.Import):
        for alias in stmt.names:
            target = graph.resolve(file, alias.name, 0)
            if target is not None:
                out.append((alias.name, target))
        return out
    module = stmt.module or ""
    shown = "." * stmt.level + module
    target = graph.resolve(file, module, stmt.level) if module or stmt.level else None
    if target is not None:
        out.append((shown, target))
    for alias in stmt.names:
        sub = graph.resolve(file, f"{module}.{alias.name}" if module else alias.name, stmt.level)
        if sub is not None and sub != target:
            out.append((f"{shown}.{alias.name}" if module else shown + alias.name, sub))
    return out


def _failing(
    graph: ModuleGraph, summary: ModuleSummary | None, seen: set[Path]
) -> tuple[ModuleSummary, ImportFault] | None:
    """The module (this one, or one it imports) whose import fails, and why."""
    if summary is None or summary.path in seen or len(seen) > MAX_IMPORT_DEPTH:
        return None
    seen.add(summary.path)
    for dep in summary.deps:  # imports run first, at the top of a module
        found = _failing(graph, dep, seen)
        if found is not None and (summary.fault is None or _before(graph, found, summary)):
            return found
    if summary.fault is not None:
        return summary, summary.fault
    return None


def _before(graph: ModuleGraph, found: tuple[ModuleSummary, ImportFault], importer: ModuleSummary) -> bool:
    """True when the dependency's failure stops the importer before its own fault does (an import line
    above the faulty statement)."""
    fault = importer.fault
    return fault is None or _import_line(graph, importer, found[0].path) < fault.line


def _import_line(graph: ModuleGraph, summary: ModuleSummary, path: Path) -> int:
    """The line of the statement of a module that imports a file (a large number when not found)."""
    tree = graph.syntax(summary)
    if tree is None:
        return 1 << 30
    name = path.stem if path.name != "__init__.py" else path.parent.name
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and name in (stmt.module or "").split(".") + [
            a.name for a in stmt.names
        ]:
            return stmt.lineno
        if isinstance(stmt, ast.Import) and any(name in a.name.split(".") for a in stmt.names):
            return stmt.lineno
    return 1 << 30


def _relative(path: Path, document: Path | None) -> str:
    if document is not None:
        try:
            return str(path.relative_to(document.parent))
        except ValueError:
            pass
    return str(path)
