"""Immutable document snapshots and their analyses; the only thing features ever see."""

from __future__ import annotations

import logging
import traceback
from dataclasses import dataclass

from compiler import analyze
from compiler.analysis import Analysis
from compiler.catalog import diagnostic
from compiler.pipeline import Analyzer
from compiler.source import Span
from pypto_lsp import dsl

log = logging.getLogger(__name__)

INTERNAL_ERROR_CODE = "PTO-F47"


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One version of one document's text."""

    uri: str
    version: int | None
    text: str
    path: str = "<memory>"


@dataclass(frozen=True, slots=True)
class Analyzed:
    """A completed analysis of a snapshot; analysis is None for files that are not DSL."""

    snapshot: Snapshot
    analysis: Analysis | None
    elapsed: float
    generation: int
    seq: int = 0  # the document's request it answers (the scheduler stores only the newest)
    provisional: bool = False  # from the persistent cache, shown until the document's own analysis lands


def run_analysis(
    text: str, path: str, target: str | None, force: bool = False, analyzer: Analyzer | None = None
) -> Analysis | None:
    """Analyse DSL text (None for non-DSL text unless forced); an engine crash becomes one diagnostic.

    Passing the document's own Analyzer lets an edit reuse the parse and kernel caches of earlier versions.
    """
    if not force and not dsl.is_dsl(text):
        return None
    try:
        if analyzer is not None:
            return analyzer.analyze(text, path=path, target=dsl.target_of(text, target))
        return analyze(text, path=path, target=dsl.target_of(text, target))
    except Exception as exc:  # the engine is under development; never let it take the server down
        log.error("analysis of %s failed:\n%s", path, traceback.format_exc())
        diag = diagnostic(INTERNAL_ERROR_CODE, Span(1, 0, 1, 0), detail=f"{type(exc).__name__}: {exc}")
        return Analysis(path=path, target=target or "a2a3", diagnostics=(diag,))
