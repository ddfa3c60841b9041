"""Differential safety of the incremental engine: after random edit sequences made the way a person
types (Enter, a statement typed a character at a time, deleted lines, pasted and cut blocks, renames,
undo), one Analyzer kept across the edits gives exactly what a fresh Analyzer gives.

The seeds are our own real-style files: the example kernels, the kernel package, and the long @pl.jit
entry of test_statement_memos (with the statement memos on, as for a long real body)."""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler import budget
from compiler.diagnostics import Note, Rule
from compiler.incremental import LineAnchors
from compiler.modules import ModuleGraph
from compiler.passes.inline_functions import FOREIGN_LINE_BASE
from compiler.pipeline import Analyzer
from compiler.source import Line

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


# Files whose Analysis holds lines as values (compiler.source.Line): a message field (SP1's earlier line,
# H2's and H4's writer line), a quick fix's argument (AV-A's region line, AV-G's region end), the rows of
# an expanded kernel (every file with a kernel), and rows of an imported helper (the kernel package).
LINE_HOLDERS = [
    ROOT / "tests" / "rules" / "PTO-SP1.py",
    ROOT / "tests" / "rules" / "PTO-AV-A.py",
    ROOT / "tests" / "rules" / "PTO-AV-G.py",
    ROOT / "tests" / "hazards" / "h2_lane0_notify_after_sharded_store.py",
    ROOT / "tests" / "hazards" / "h4_put_after_cube_store.py",
    ROOT / "examples" / "matmul_softmax.py",
    ROOT / "tests" / "data" / "kernel_pkg" / "model.py",
]


def _lines_held(value: object) -> list[int]:
    """Every Line an analysis result holds, in order."""
    if isinstance(value, Line):
        return [value]
    if isinstance(value, tuple):
        return [line for item in value for line in _lines_held(item)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type | Rule | Note):
        return [line for f in dataclasses.fields(value) for line in _lines_held(getattr(value, f.name))]
    return []


@pytest.mark.parametrize("path", LINE_HOLDERS, ids=[p.stem for p in LINE_HOLDERS])
def test_lines_held_as_values_follow_lines_inserted_above(path: Path) -> None:
    """Lines held as values are rebased with the spans: after lines are inserted above them, an Analyzer
    that kept its anchors gives the document lines a fresh one gives, in messages, quick-fix arguments and
    the expanded kernel's rows (an imported helper's rows stay in its own line space)."""
    text = path.read_text()
    graph = ModuleGraph()
    analyzer = Analyzer(graph=graph)
    before = analyzer.analyze(text, str(path))
    held = _lines_held((before.diagnostics, before.kernels))
    assert held, "the file holds lines as values"
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("import ")) + 1
    edited = "\n".join([*lines[:at], "", "# three lines above every kernel", "", *lines[at:]])
    after = analyzer.analyze(edited, str(path))
    assert after == Analyzer(graph=graph).analyze(edited, str(path))
    moved = [line + 3 if line < FOREIGN_LINE_BASE else line for line in held]
    assert _lines_held((after.diagnostics, after.kernels)) == moved
    assert all(0 < line <= len(lines) or line >= FOREIGN_LINE_BASE for line in held)
    assert len(after.diagnostics) == len(before.diagnostics)
    for old, new in zip(before.diagnostics, after.diagnostics, strict=True):
        for line in _lines_held(old.fields):
            assert f"line {line + 3}" in new.message  # rendered from the rebased field


def test_a_kernel_without_ops_is_rebased_when_a_line_is_added_inside_it() -> None:
    """A kernel whose result holds none of the document's lines (a shadowed program's kernel has no ops)
    still follows a line typed inside it: its read-out is not reused from before the line was added."""
    path = str(ROOT / "examples" / "attention.py")
    text = Path(path).read_text()
    program = text[text.index("@pl.program") :]
    base = f"{text}\n\n{program}"  # the class defined twice: the first is shadowed
    lines = base.split("\n")
    at = next(i for i, line in enumerate(lines) if "# through the boundary op" in line)
    edited = "\n".join([*lines[:at], " " * 16, *lines[at:]])
    graph = ModuleGraph()
    incremental = Analyzer(graph=graph)
    incremental.analyze(base, path)
    assert incremental.analyze(edited, path) == Analyzer(graph=graph).analyze(edited, path)
