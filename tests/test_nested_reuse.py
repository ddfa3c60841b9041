"""Reuse inside a long compound statement: OutlineIncoreScopes keeps the outlining of every unchanged
compound statement nested in the one that holds an edit, the whole-module sweeps (OC-1, launch scopes,
device-query bindings, no_dep_args scopes) fold unchanged nested statements from a lasting memo, and a
checked statement replayed inside one being recorded hands its writes on whole. Each must give exactly
what a fresh analysis gives, after any edit, and the reuse must happen."""

from __future__ import annotations

import re

import pytest

from compiler import ir
from compiler.frontend.checks.state import statement_checks
from compiler.frontend.checks.walk import FunctionChecker
from compiler.frontend.parser import ParseCache, parse_document
from compiler.incremental import LastingMemo, nested_fold
from compiler.ir_walk import walk_stmts
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer

PATH = "<memory>"
LAYERS = """import pypto.language as pl

ROWS = 64


@pl.program
class Layers:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self, x: pl.Tensor[[ROWS, 64], pl.FP32], out: pl.Out[pl.Tensor[[ROWS, 64], pl.FP32]]
    ) -> pl.Tensor[[ROWS, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [ROWS, 64])
        out = pl.store(pl.exp(t), [0, 0], out)
        return out

    @pl.function
    def main(
        self, x: pl.Tensor[[ROWS, 64], pl.FP32], out: pl.Out[pl.Tensor[[ROWS, 64], pl.FP32]]
    ) -> pl.Tensor[[ROWS, 64], pl.FP32]:
        cores = pl.system.available_cluster_count()
        for layer in pl.range(4):
            with pl.spmd(cores, sync_start=True):
                out = self.k(x, out)
            with pl.cluster():
                n = pl.system.available_cluster_count()
                with pl.spmd(n):
                    out = self.k(x, out)
            for i in pl.range(2):
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="inner"):
                    t = pl.exp(x)
                    out = pl.assemble(out, t, offset=[0, 0])
                y = pl.add(x, x)
            if layer > 0:
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="later"):
                    out = pl.assemble(out, pl.exp(x), offset=[0, 0])
        return out
"""


@pytest.fixture(autouse=True)
def _memos_on_short_bodies(monkeypatch: pytest.MonkeyPatch) -> None:
    """The statement memos are kept for bodies of 300 lines and more; this body is shorter, to stay readable."""
    import compiler.memo

    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)


def _edits(text: str) -> list[tuple[str, str]]:
    """Each line of `main` deleted, duplicated, cut in half, a name lengthened, a number changed, and a
    statement typed after it a few characters at a time (Enter first), as typing does."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if "def main(" in line)
    out: list[tuple[str, str]] = []
    for i in range(start, len(lines)):
        line = lines[i]
        if not line.strip():
            continue
        indent = line[: len(line) - len(line.lstrip())]
        words = list(re.finditer(r"\b[A-Za-z_]\w*\b", line))
        numbers = list(re.finditer(r"\b\d+\b", line))
        variants = [
            lines[:i] + lines[i + 1 :],
            [*lines[:i], line, *lines[i:]],
            [*lines[:i], line[: len(line) // 2], *lines[i + 1 :]],
            *([*lines[: i + 1], indent + typed, *lines[i + 1 :]] for typed in ("", "z = p", "z = pl.exp(x)")),
        ]
        if words:
            w = words[-1]
            variants.append([*lines[:i], line[: w.end()] + "_" + line[w.end() :], *lines[i + 1 :]])
        if numbers:
            n = numbers[0]
            changed = line[: n.start()] + str(int(n.group()) + 1) + line[n.end() :]
            variants.append([*lines[:i], changed, *lines[i + 1 :]])
        out.extend((f"line {i + 1} #{k}", "\n".join(v)) for k, v in enumerate(variants))
    return out


def test_the_program_has_what_the_reuse_is_for() -> None:
    """Launches with a query-bound width, a cluster with OC-1, scopes in nested loops: each is modelled."""
    analysis = Analyzer(graph=ModuleGraph()).analyze(LAYERS, PATH)
    codes = [d.code for d in analysis.diagnostics]
    assert "PTO-OC1" in codes
    assert {s.kind for s in analysis.scopes} >= {"pl.spmd", "pl.cluster"}
    assert {"main_inner", "main_later"} <= {k.name for k in analysis.kernels} or {"inner", "later"} <= {
        k.name for k in analysis.kernels
    }


def test_every_edit_then_undo_equals_a_fresh_analysis() -> None:
    graph = ModuleGraph()
    incremental = Analyzer(graph=graph)
    incremental.analyze(LAYERS, PATH)
    mismatches = []
    for label, text in _edits(LAYERS):
        if incremental.analyze(text, PATH) != Analyzer(graph=graph).analyze(text, PATH):
            mismatches.append(label)
        if incremental.analyze(LAYERS, PATH) != Analyzer(graph=graph).analyze(LAYERS, PATH):
            mismatches.append(label + " (undo)")
    assert mismatches == []


def test_edits_in_a_row_equal_a_fresh_analysis() -> None:
    """Edits that build on each other, inside and outside the loop, with no undo between."""
    graph = ModuleGraph()
    incremental = Analyzer(graph=graph)
    text = LAYERS
    incremental.analyze(text, PATH)
    for old, new in [
        (
            "                y = pl.add(x, x)",
            "                y = pl.add(x, x)\n                z = pl.exp(y)",
        ),
        ('name_hint="later"', 'name_hint="later2"'),
        ("with pl.spmd(n):", "with pl.spmd(cores):"),  # OC-1 goes
        ("cores = pl.system.available_cluster_count()", "cores = 4"),
        ("for i in pl.range(2):", "for i in pl.range(3):"),
        ("with pl.spmd(cores):", "with pl.spmd(n):"),  # OC-1 is back
        ("cores = 4", "cores = pl.system.available_cluster_count()"),
        ("                z = pl.exp(y)", "                z = pl.exp(yy)"),
        ("                z = pl.exp(yy)\n", ""),
    ]:
        assert old in text
        text = text.replace(old, new)
        assert incremental.analyze(text, PATH) == Analyzer(graph=graph).analyze(text, PATH), new


def test_an_edit_in_the_loop_outlines_again_only_what_holds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from compiler.passes import outline_incore_scopes as outline

    walked: list[ir.Stmt] = []
    original = outline._Outliner.stmt

    def counting(self: outline._Outliner, stmt: ir.Stmt, group: str | None) -> None:
        walked.append(stmt)
        original(self, stmt, group)

    monkeypatch.setattr(outline._Outliner, "stmt", counting)
    analyzer = Analyzer(graph=ModuleGraph())
    analyzer.analyze(LAYERS, PATH)
    cold = len(walked)
    walked.clear()
    edited = LAYERS.replace(
        "out = pl.assemble(out, pl.exp(x), offset=[0, 0])", "out = pl.assemble(out, x, offset=[0, 0])"
    )
    incremental = analyzer.analyze(edited, PATH)
    again = list(walked)
    assert incremental == Analyzer(graph=analyzer.graph).analyze(edited, PATH)
    walked[:] = again
    assert 0 < len(walked) < cold
    # The loop and the `if` that hold the edit are outlined again; its sibling scopes are reused whole.
    assert {type(s).__name__ for s in walked} <= {"For", "If", "With", "Assign"}
    kinds = {s.kind for s in walked if isinstance(s, ir.With)}
    assert "cluster" not in kinds and "spmd" not in kinds


def _main(cache: ParseCache, graph: ModuleGraph, text: str) -> ir.Function | None:
    """`main` as parsed (None when an edit left it a syntax error)."""
    module = parse_document(text, None, cache, graph).module
    return next((f for f in module.all_functions() if f.name == "main"), None)


def test_nested_folds_equal_a_walk_of_every_version(monkeypatch: pytest.MonkeyPatch) -> None:
    """nested_fold over a lasting memo gives what walking every nested statement gives, across edits
    and across the sweeps that drop old entries."""
    import compiler.incremental

    monkeypatch.setattr(compiler.incremental, "_LASTING_VERSIONS", 3)

    def own(stmt: ir.Stmt) -> tuple[tuple[str, int], ...]:
        return ((type(stmt).__name__, stmt.span.line),) if isinstance(stmt, ir.With | ir.Assign) else ()

    cache, graph, memo = ParseCache(), ModuleGraph(), LastingMemo()
    checked = 0
    for _, text in _edits(LAYERS):
        memo.next_version()
        main = _main(cache, graph, text)
        if main is None:
            continue
        checked += 1
        for stmt in main.body:
            assert nested_fold(memo, stmt, own) == tuple(x for s in walk_stmts((stmt,)) for x in own(s))
    assert checked > 30


def test_a_statement_recorded_around_replayed_ones_replays_as_a_fresh_one() -> None:
    """The loop is recorded with its unchanged statements replayed inside it (their writes handed on
    whole); an edit elsewhere then replays the loop itself: the facts and reports equal a fresh check's."""
    cache, graph = ParseCache(), ModuleGraph()
    memo = statement_checks()

    def check(text: str, checks: object) -> tuple[object, list[object]]:
        main = _main(cache, graph, text)
        assert main is not None
        found: list[object] = []
        facts = FunctionChecker(
            main, {"ROWS": 64}, frozenset({"Layers", "pl", "pld"}), {}, found.append, checks
        ).run()  # type: ignore[arg-type]
        return facts, found

    versions = [
        LAYERS,
        LAYERS.replace("y = pl.add(x, x)", "y = pl.add(x, xx)"),  # inside the loop: it is recorded again
        LAYERS.replace("y = pl.add(x, x)", "y = pl.add(x, xx)").replace(
            "        return out", "        w = pl.exp(x)\n        return out"
        ),  # after the loop: the loop is replayed whole
        LAYERS.replace("        return out", "        w = pl.exp(x)\n        return out"),
    ]
    for text in versions:
        assert check(text, memo) == check(text, statement_checks())
