"""Differential safety of the incremental engine: after random edit sequences made the way a person
types (Enter, a statement typed a character at a time, deleted lines, pasted and cut blocks, renames,
undo), one Analyzer kept across the edits gives exactly what a fresh Analyzer gives.

The seeds are our own real-style files: the example kernels, the kernel package, and the long @pl.jit
entry of test_statement_memos (with the statement memos on, as for a long real body)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler import budget
from compiler.incremental import LineAnchors
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from edits import edit_sequence  # noqa: E402
from test_statement_memos import BLOCK, PATH  # noqa: E402

SEEDS = [
    (str(p), p.read_text())
    for p in sorted(
        [*(ROOT / "examples").glob("*.py"), *(ROOT / "tests" / "data" / "kernel_pkg").glob("*.py")]
    )
    if "@pl." in p.read_text()
] + [(PATH, BLOCK)]


@pytest.fixture(autouse=True)
def _memos_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """Statement memos on every body (real files need 300 lines), budgets off (timing must not decide)."""
    import compiler.memo

    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)
    monkeypatch.setattr(budget, "UNIT_BUDGET_S", 1e6)
    monkeypatch.setattr(budget, "DOCUMENT_BUDGET_S", 1e6)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SEEDS), st.integers(0, 2**32 - 1), st.integers(4, 30))
def test_typed_edits_equal_a_fresh_analysis(seed: tuple[str, str], salt: int, count: int) -> None:
    path, text = seed
    graph = ModuleGraph()
    incremental = Analyzer(graph=graph)
    incremental.analyze(text, path)
    for version in edit_sequence(text, random.Random(salt), count):
        assert incremental.analyze(version, path) == Analyzer(graph=graph).analyze(version, path)


def test_enter_keeps_every_statement_object_below() -> None:
    """Enter in the middle of a long body re-builds nothing: every statement keeps its IR object."""
    analyzer = Analyzer(graph=ModuleGraph())
    analyzer.analyze(BLOCK, PATH)
    before = {id(s) for f in analyzer.parse_cache.units.values() for fn in f.functions for s in fn.body}
    lines = BLOCK.split("\n")
    middle = next(
        i for i in range(len(lines) // 2, len(lines)) if lines[i].startswith("    ") and "=" in lines[i]
    )
    entered = "\n".join([*lines[: middle + 1], "    ", *lines[middle + 1 :]])
    analyzer.analyze(entered, PATH)
    after = {id(s) for f in analyzer.parse_cache.units.values() for fn in f.functions for s in fn.body}
    assert after <= before and after


def test_anchors_keep_kept_lines_and_order_new_ones() -> None:
    """Kept lines keep their anchors; new lines get anchors between their neighbours; a used-up gap is
    spread out again without reordering anything."""
    anchors = LineAnchors()
    anchors.update("a\nb\nc")
    first = list(anchors.anchors)
    anchors.update("a\nb\nnew\nc")
    assert anchors.anchors[:2] == first[:2] and anchors.anchors[3] == first[2]
    assert first[1] < anchors.anchors[2] < first[2]
    lines = ["a", "b", "c"]
    for k in range(200):  # Enter at the same place again and again: the gap runs out
        lines.insert(2, f"x{k}")
        anchors.update("\n".join(lines))
        assert anchors.anchors == sorted(set(anchors.anchors))
        assert [anchors.line_of(a) for a in anchors.anchors] == list(range(1, len(lines) + 1))


def test_module_code_sees_plain_functions_in_document_order() -> None:
    """Module code is evaluated without the DSL units' lines, but in document order: a value computed
    by a plain function defined above it (real files size TP from argv this way) is still known."""
    from compiler.frontend.parser import parse_document

    source = (
        "import pypto.language as pl\n\n\ndef _size():\n    return 4\n\n\n@pl.jit\n"
        "def k(x: pl.Tensor):\n    return x\n\n\nN = _size()\nM = N * 2\n"
    )
    env = parse_document(source).env
    assert env["N"] == 4 and env["M"] == 8
