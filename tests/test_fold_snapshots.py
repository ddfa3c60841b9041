"""Typing inside a long loop: Simplify keeps what the rebuilt loop reads as a copy of the constants and ranges
before it (`_Snapshot`), not a value per name, and compares its names only when the loop is met again; every
version equals a fresh analysis, and a new constant still refolds the loop."""

from __future__ import annotations

import pytest

from compiler.passes import simplify
from compiler.pipeline import Analyzer
from tests.memo_helpers import memos_on_short_bodies

PATH = "/tmp/fold_snapshot_kernel.py"
STATEMENTS = 30


def _kernel(typed: str = "", limit: int = 4, after: str = "") -> str:
    """A loop whose body folds on the module constant M, typed into at its end; `after`: a statement after it."""
    body = ["    for i in pl.range(4):", "        if M > 8:", "            x = pl.mul(x, y)", "        else:"]
    body += ["            x = pl.add(x, y)"]
    body += [f"        t{k} = pl.add(x, y)" for k in range(STATEMENTS)]
    body += [f"        {typed}"] if typed else []
    body += [f"    {after}"] if after else []
    body += ["    return x"]
    head = [
        "import pypto.language as pl",
        "",
        f"M = {limit}",
        "",
        "",
        "@pl.function(type=pl.FunctionType.InCore)",
        "def kernel(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:",
    ]
    return "\n".join([*head, *body, ""])


@pytest.fixture(autouse=True)
def _small_thresholds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memos and snapshots are for long bodies and loops; this one is long in statements, short to read."""
    memos_on_short_bodies(monkeypatch)
    monkeypatch.setattr(simplify, "SNAPSHOT_NAMES", 10)


def _loop_folds(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What each loop fold kept as its reads, one entry per fold of a `for` statement."""
    kept: list[object] = []
    original = simplify._Folded

    def folded(stmt: object, top_level: bool, reads: object, *rest: object) -> object:
        if type(stmt).__name__ == "For":
            kept.append(reads)
        return original(stmt, top_level, reads, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(simplify, "_Folded", folded)
    return kept


def test_typing_inside_a_long_loop_keeps_a_snapshot_and_equals_a_fresh_analysis(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    incremental = Analyzer()
    incremental.analyze(_kernel(), PATH)
    kept = _loop_folds(monkeypatch)
    typed = "w = pl.exp(t1)"
    refolds = 0
    for k in range(1, len(typed) + 1):
        text = _kernel(typed[:k])
        kept.clear()
        got = incremental.analyze(text, PATH)
        # a keystroke that changes the loop's IR refolds it, and the fold keeps a snapshot
        assert all(isinstance(reads, simplify._Snapshot) for reads in kept)
        refolds += len(kept)
        assert got == Analyzer().analyze(text, PATH)
    assert refolds >= 3
    assert not any(isinstance(r, simplify._Snapshot) for r in _cold_reads(monkeypatch, _kernel(typed)))

    # an edit after the loop: the loop is met again and reused from its snapshot (no fold of it)
    kept.clear()
    text = _kernel(typed, after="v = pl.exp(y)")
    got = incremental.analyze(text, PATH)
    assert kept == []
    assert got == Analyzer().analyze(text, PATH)
    # a new value of M: the snapshot's constants differ, the loop is folded again, to the other branch
    text = _kernel(typed, limit=16, after="v = pl.exp(y)")
    kept.clear()
    got = incremental.analyze(text, PATH)
    assert len(kept) == 1
    assert got == Analyzer().analyze(text, PATH)
    assert got.lanes != incremental.analyze(_kernel(typed, after="v = pl.exp(y)"), PATH).lanes


def _cold_reads(monkeypatch: pytest.MonkeyPatch, text: str) -> list[object]:
    """What a first analysis keeps for the loop: the values of its names (no version before it)."""
    kept = _loop_folds(monkeypatch)
    Analyzer().analyze(text, PATH)
    return kept
