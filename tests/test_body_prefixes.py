"""Typing near the end of a long function body: the checks and Simplify take the state the body's
leading statements left last time (`CheckedPrefix`, `_FoldedPrefix`) instead of walking them one by one,
and give what a fresh analysis gives (reports, folds and lanes of those statements included)."""

from __future__ import annotations

import pytest

from compiler.passes import simplify
from compiler.pipeline import Analyzer
from tests.memo_helpers import looked_up, memos_on_short_bodies

PATH = "/tmp/prefix_kernel.py"
STATEMENTS = 40


def _kernel(typed: str = "") -> str:
    body = ["    acc = pl.create_tensor([64, 64], dtype=pl.FP32)"]
    for k in range(STATEMENTS):
        body.append(f"    t{k} = pl.add(x, y)")
        if k == 5:
            body.append("    bad = pl.matmul(x, y, unknown_kw=1)")  # a parse-stage error among them
    body.append("    z = pl.exp(t0)")
    if typed:
        body.append(f"    {typed}")
    body.append("    return z")
    head = [
        "import pypto.language as pl",
        "",
        "",
        "@pl.function",
        "def kernel(",
        "    x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32]",
        ") -> pl.Tensor[[64, 64], pl.FP32]:",
    ]
    return "\n".join([*head, *body, ""])


BAD_LINE = _kernel().split("\n").index("    bad = pl.matmul(x, y, unknown_kw=1)") + 1


@pytest.fixture(autouse=True)
def _memos_on_short_bodies(monkeypatch: pytest.MonkeyPatch) -> None:
    memos_on_short_bodies(monkeypatch)


def test_typing_at_the_end_takes_the_leading_statements_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    typed = "w = pl.exp(t1)"
    versions = [_kernel(typed[:k]) for k in range(len(typed) + 1)] + [_kernel()]
    incremental = Analyzer()
    incremental.analyze(_kernel(), PATH)
    walked = looked_up(monkeypatch)
    counts: list[int] = []
    for text in versions:
        walked.clear()
        got = incremental.analyze(text, PATH)
        counts.append(len(walked))
        assert got == Analyzer().analyze(text, PATH)
        # The leading statements' error is reported again each time it can be (a syntax error in the
        # function stands alone until the text parses again).
        if not any(d.code == "PTO-F0" for d in got.diagnostics):
            assert [d.span.line for d in got.diagnostics if d.code == "PTO-F15"] == [BAD_LINE]
    # Once the typed line is a statement, each version looks up the statements from the typed one on
    # (one or two), not the 40 before it; the first keystroke walked them all and kept the prefix.
    assert counts[1] > STATEMENTS
    assert max(counts[2:]) <= 2


def test_a_changed_leading_statement_walks_the_body_again(monkeypatch: pytest.MonkeyPatch) -> None:
    incremental = Analyzer()
    incremental.analyze(_kernel(), PATH)
    incremental.analyze(_kernel("w = pl.exp(t1)"), PATH)  # the prefix now ends at the typed line
    walked = looked_up(monkeypatch)
    text = _kernel("w = pl.exp(t1)").replace("    t2 = pl.add(x, y)", "    t2 = pl.sub(x, y)")
    got = incremental.analyze(text, PATH)
    assert len(walked) > STATEMENTS  # every statement from the first one on was looked up
    assert got == Analyzer().analyze(text, PATH)


def test_a_report_before_the_body_does_not_take_the_old_state() -> None:
    """A `pl.func_attr` call after the first statement is reported before the body is walked (PTO-F44):
    the state the body starts from differs, so the kept one is not taken."""
    incremental = Analyzer()
    incremental.analyze(_kernel(), PATH)
    incremental.analyze(_kernel("w = pl.exp(t1)"), PATH)
    text = _kernel('pl.func_attr({"k": 1})')
    got = incremental.analyze(text, PATH)
    assert "PTO-F44" in {d.code for d in got.diagnostics}
    assert got == Analyzer().analyze(text, PATH)


def _folding_kernel(typed: str = "", limit: int = 4) -> str:
    """A body whose first statements fold on the module constant M, and whose last ones read it again."""
    body = ["    if M > 8:", "        x = pl.mul(x, y)", "    else:", "        x = pl.add(x, y)"]
    body += [f"    t{k} = pl.add(x, y)" for k in range(STATEMENTS)]
    body += [f"    {typed}"] if typed else []
    body += [
        "    if M > 8:",
        "        z = pl.matmul(x, y)",
        "    else:",
        "        z = pl.exp(t0)",
        "    return z",
    ]
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


def _folded_at_top(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The function body's statements Simplify folds, one entry per statement."""
    seen: list[object] = []
    original = simplify._Folder.stmt

    def stmt(self: simplify._Folder, node: object, top_level: bool) -> list[object]:
        if top_level:
            seen.append(node)
        return original(self, node, top_level)  # type: ignore[arg-type]

    monkeypatch.setattr(simplify._Folder, "stmt", stmt)
    return seen


def test_simplify_takes_the_folded_leading_statements_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    typed = "w = pl.exp(t1)"
    incremental = Analyzer()
    incremental.analyze(_folding_kernel(), PATH)
    folded = _folded_at_top(monkeypatch)
    counts: list[int] = []
    for k in range(len(typed) + 1):
        text = _folding_kernel(typed[:k])
        folded.clear()
        got = incremental.analyze(text, PATH)
        counts.append(len(folded))
        assert got == Analyzer().analyze(text, PATH)
    assert counts[1] > STATEMENTS  # the first keystroke folds the whole body and keeps its prefix
    assert 0 < max(counts[2:]) <= 4  # then only the statements from the typed one on


def test_new_constants_do_not_take_the_old_folds() -> None:
    """M decides the folded `if` among the leading statements: with another value the kept prefix is
    not taken, and the lanes are those of the other branch."""
    incremental = Analyzer()
    incremental.analyze(_folding_kernel(), PATH)
    incremental.analyze(_folding_kernel("w = pl.exp(t1)"), PATH)
    text = _folding_kernel("w = pl.exp(t1)", limit=16)
    got = incremental.analyze(text, PATH)
    assert got == Analyzer().analyze(text, PATH)
    assert got.lanes != incremental.analyze(_folding_kernel("w = pl.exp(t1)"), PATH).lanes
