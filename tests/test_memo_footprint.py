"""What one long function's statement memos hold per statement: the checks' steps share the reads a
definition answers, keep them in tuples, not sets, and Simplify's folds keep one flat tuple of reads."""

from __future__ import annotations

import gc
import sys

import pytest

from compiler.incremental import Step
from compiler.modules import ModuleGraph
from compiler.passes.simplify import _Folded
from compiler.pipeline import Analyzer
from tests.test_statement_memos import BLOCK, PATH


@pytest.fixture(autouse=True)
def _memos_on_short_bodies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep statement memos for the short test body too (a real model file's bodies are long)."""
    import compiler.memo

    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)


def _recorded(kind: type) -> list[object]:
    gc.collect()
    return [o for o in gc.get_objects() if type(o) is kind]


def test_steps_share_the_reads_a_definition_answers() -> None:
    analyzer = Analyzer(graph=ModuleGraph())
    analyzer.analyze(BLOCK, PATH)
    steps = [s for s in _recorded(Step) if isinstance(s, Step) and s.shadows]
    assert steps
    pairs: dict[object, object] = {}
    for step in steps:
        assert type(step.shadows) is tuple  # a set's hash table per step was the memos' largest part
        assert len(set(step.shadows)) == len(step.shadows)
        for pair in step.shadows:
            assert pairs.setdefault(pair, pair) is pair, pair  # one tuple per (source, name)
        assert step._groups is None  # made only when the step is replayed
    kept = sum(sys.getsizeof(s.shadows) for s in steps) / sum(len(s.shadows) for s in steps)
    assert kept < 16, kept  # bytes per shadowed read: a reference, not a hash-table slot


def test_a_fold_keeps_its_reads_flat() -> None:
    analyzer = Analyzer(graph=ModuleGraph())
    analyzer.analyze(BLOCK, PATH)
    folds = [f for f in _recorded(_Folded) if isinstance(f, _Folded)]
    assert folds
    for fold in folds:
        *values, known = fold.reads
        assert len(values) % 2 == 0 and isinstance(known, tuple)
        assert not any(type(v) is tuple and len(v) == 2 and v[1] is None for v in values), fold.reads
    edited = BLOCK.replace("LAYERS = 2", "LAYERS = 3")
    assert analyzer.analyze(edited, PATH) == Analyzer(graph=ModuleGraph()).analyze(edited, PATH)


def test_shadow_tuples_are_shared_within_an_analyzer_and_bounded() -> None:
    from compiler.frontend.checks.state import ShadowTuples, statement_checks

    table = ShadowTuples(limit=2)
    assert table.define("x") is table.define("x") == (("type", "x"), ("defined", "x"))
    assert table.rebind((1, "x")) is table.rebind((1, "x")) == (("block", (1, "x")),)
    kept = table.define("x")
    table.define("y")
    table.define("z")  # past the limit: the table starts again
    assert table.define("x") == kept and table.define("x") is not kept
    first, second = Analyzer(), Analyzer()
    assert first.shadows is not second.shadows  # no table outside an Analyzer
    assert statement_checks(first.shadows).shadows is first.shadows
