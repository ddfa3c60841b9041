"""Cancelling an analysis at a statement boundary: the engine stops with `Cancelled` (never a diagnostic),
keeps its caches consistent, and the next version gives exactly what a fresh analysis gives."""

from __future__ import annotations

import pytest

from compiler import budget
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer
from tests.test_statement_memos import BLOCK, EDITS, PATH


class CancelAfter(budget.CancelToken):
    """A token that reads as cancelled from its n-th statement boundary on (a keystroke at that moment)."""

    __slots__ = ("left",)

    def __init__(self, boundaries: int) -> None:
        super().__init__()
        self.left = boundaries

    @property  # type: ignore[override]
    def cancelled(self) -> bool:
        self.left -= 1
        return self.left < 0

    @cancelled.setter
    def cancelled(self, value: bool) -> None:
        pass


@pytest.fixture(autouse=True)
def _memos_on_short_bodies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep statement memos for the short test body too, so that their rollback is exercised."""
    import compiler.memo

    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)


def _versions(analyzer: Analyzer) -> list[object]:
    """The version tables of the recorded-reads memos of the analyzer's long bodies (they are advanced in
    place, so a rollback must put these very tables back)."""
    return [
        table
        for memos in analyzer.body_memos.values()
        for pair in (memos.splices, memos.checks)
        if pair is not None
        for table in (pair[1]._last, pair[1]._live)
    ]


def _boundaries(graph: ModuleGraph, text: str) -> int:
    """How many statement boundaries the analysis of `text` passes right after one of BLOCK."""
    analyzer = Analyzer(graph=graph)
    analyzer.analyze(BLOCK, PATH)
    counter = CancelAfter(10**9)
    with budget.cancellable(counter):
        analyzer.analyze(text, PATH)
    return 10**9 - counter.left


def test_check_raises_cancelled_once_the_token_is_cancelled() -> None:
    token = budget.CancelToken()
    with budget.cancellable(token):
        budget.check()
        token.cancel()
        with pytest.raises(budget.Cancelled):
            budget.check()
    budget.check()  # outside its scope the token does nothing
    assert not issubclass(budget.Cancelled, Exception)  # no `except Exception` of a stage catches it


@pytest.mark.parametrize("fraction", [0.0, 0.3, 0.7])
def test_a_cancelled_version_leaves_the_next_one_exact(fraction: float) -> None:
    graph = ModuleGraph()
    cancelled = 0
    for label, edited in EDITS[::13]:
        boundaries = _boundaries(graph, edited)
        if not boundaries:
            continue  # nothing re-checked: no boundary to stop at
        analyzer = Analyzer(graph=graph)
        analyzer.analyze(BLOCK, PATH)
        memos = {place: (m.names, m.checks, m.folds, m.splices) for place, m in analyzer.body_memos.items()}
        tables = _versions(analyzer)
        assert tables
        with budget.cancellable(CancelAfter(int(boundaries * fraction))), pytest.raises(budget.Cancelled):
            analyzer.analyze(edited, PATH)
        cancelled += 1
        # the statement memos are the last finished run's again, not a half-filled new version
        after = {place: (m.names, m.checks, m.folds, m.splices) for place, m in analyzer.body_memos.items()}
        assert after == memos, label
        assert all(a is b for a, b in zip(_versions(analyzer), tables, strict=True)), label
        assert analyzer.analyze(edited, PATH) == Analyzer(graph=graph).analyze(edited, PATH), label
        assert analyzer.analyze(BLOCK, PATH) == Analyzer(graph=graph).analyze(BLOCK, PATH), label
    assert cancelled >= 5
