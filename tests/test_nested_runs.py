"""Typing near the end of a long loop body: the checks reuse the body's leading statements as one step (a
run, `Recorded.reuse_run`) while they are the same objects and read what they read, and give what a fresh
analysis gives (their reports included); a change of what they read checks them again."""

from __future__ import annotations

import pytest

from compiler.frontend.checks.state import StatementChecks
from compiler.pipeline import Analyzer
from tests.memo_helpers import looked_up, memos_on_short_bodies

PATH = "/tmp/nested_run_kernel.py"
STATEMENTS = 30


def _kernel(typed: str = "", operand: str = "pl.add(x, y)", target: str = "i") -> str:
    """A loop of many statements (one of them a parse-stage error) that read `z`, typed into at its end."""
    body = [f"    z = {operand}", f"    for {target} in pl.range(4):"]
    for k in range(STATEMENTS):
        body.append(f"        t{k} = pl.add(x, z)")
        if k == 5:
            body.append("        bad = pl.matmul(x, y, unknown_kw=1)")
    body.append("        x = pl.exp(t0)")
    if typed:
        body.append(f"        {typed}")
    body.append("    return x")
    head = [
        "import pypto.language as pl",
        "",
        "",
        "@pl.function(type=pl.FunctionType.InCore)",
        "def kernel(",
        "    x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32], s: pl.Scalar[pl.FP32]",
        ") -> pl.Tensor[[64, 64], pl.FP32]:",
    ]
    return "\n".join([*head, *body, ""])


@pytest.fixture(autouse=True)
def _memos_on_short_bodies(monkeypatch: pytest.MonkeyPatch) -> None:
    memos_on_short_bodies(monkeypatch)


def _runs_taken(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each look-up of a run of leading statements found one it could take."""
    taken: list[bool] = []
    original = StatementChecks.reuse_run

    def reuse_run(self: StatementChecks, stmts: tuple[object, ...], context: object = None) -> object:
        found = original(self, stmts, context)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(StatementChecks, "reuse_run", reuse_run)
    return taken


def _codes(analysis: object) -> list[tuple[str, int]]:
    return sorted((d.code, d.span.line) for d in getattr(analysis, "diagnostics", ()))


def test_typing_at_the_end_of_a_loop_reuses_its_leading_statements_as_one_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    incremental = Analyzer()
    first = incremental.analyze(_kernel(), PATH)
    bad_line = _kernel().split("\n").index("        bad = pl.matmul(x, y, unknown_kw=1)") + 1
    assert ("PTO-F15", bad_line) in _codes(first)
    seen = looked_up(monkeypatch)
    typed = "w = pl.exp(t1)"
    counts: list[int] = []
    for k in range(1, len(typed) + 1):
        text = _kernel(typed[:k])
        seen.clear()
        got = incremental.analyze(text, PATH)
        counts.append(len(seen))
        assert got == Analyzer().analyze(text, PATH)
    assert ("PTO-F15", bad_line) in _codes(got)  # the run's report, given again
    assert counts[0] > STATEMENTS  # the first keystroke looks up each statement, and keeps the run
    assert 0 < max(counts[1:]) <= 4  # then the run is one step: only the statements after it


@pytest.mark.parametrize(
    ("change", "code"),
    [
        # the type of what the run's statements read changes: they are checked again
        ({"operand": "pl.create_tensor([32, 32], dtype=pl.FP32)"}, "PTO-F15"),
        ({"target": "z"}, None),  # the loop's header binds the name they read
    ],
)
def test_a_run_whose_reads_changed_is_checked_again(
    monkeypatch: pytest.MonkeyPatch, change: dict[str, str], code: str | None
) -> None:
    incremental = Analyzer()
    incremental.analyze(_kernel(), PATH)
    incremental.analyze(_kernel("w = pl.exp(t1)"), PATH)
    incremental.analyze(_kernel("w = pl.exp(t2)"), PATH)  # the run is taken at once here
    taken = _runs_taken(monkeypatch)
    incremental.analyze(_kernel("w = pl.exp(t3)"), PATH)
    assert taken == [True]  # nothing it read changed: the run is taken at once
    taken.clear()
    text = _kernel("w = pl.exp(t3)", **change)
    got = incremental.analyze(text, PATH)
    assert taken and not any(taken)  # looked up, not taken: its statements are checked one by one
    assert got == Analyzer().analyze(text, PATH)
    if code is not None:
        assert code in {c for c, _ in _codes(got)}
