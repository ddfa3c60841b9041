"""Hypothesis: mutated real-style sources never raise and stay bounded; incremental analysis always equals
a fresh analysis of the same text."""

from __future__ import annotations

import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer
from pypto_lsp.features.expanded_kernels import render

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted(
    [*(ROOT / "examples").glob("*.py"), *(ROOT / "tests" / "data" / "kernel_pkg").rglob("*.py")],
    key=lambda p: p.name,
)
SEED_TEXTS = [(str(p), p.read_text()) for p in SEEDS if p.stat().st_size > 0]
STORMS = [
    "\nL_ = []\nL_.append(L_)\nA_ = [0] * 10000\nB_ = [A_] * 10000\nX_ = 1\nX_ /= 0\n",
    "\u2028",
    "\r",
    "(" * 300,
    "[" * 500 + "]" * 10,
    "10 ** 10 ** 10",
    "1 << 10 ** 18",
    "0x" + "f" * 6000,
    "\x00",
    "'''",
]


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    """A seed file with a few random mutations of the kinds a careless keyboard (or an attacker) makes."""
    path, text = draw(st.sampled_from(SEED_TEXTS))
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["truncate", "delete", "duplicate", "insert", "storm", "line-ends"]))
        at = draw(st.integers(0, max(len(lines) - 1, 0)))
        if kind == "truncate":
            joined = "\n".join(lines)
            lines = joined[: draw(st.integers(0, len(joined)))].split("\n")
        elif kind == "delete" and lines:
            del lines[at]
        elif kind == "duplicate" and lines:
            lines.insert(at, lines[at])
        elif kind == "insert":
            lines.insert(at, draw(st.text(alphabet=st.characters(codec="utf-8"), max_size=40)))
        elif kind == "storm":
            line = lines[at] if lines else ""
            col = draw(st.integers(0, len(line)))
            lines[at : at + 1] = [line[:col] + draw(st.sampled_from(STORMS)) + line[col:]]
    text = "\n".join(lines)
    ending = draw(st.sampled_from(["\n", "\r\n", "\r", "mixed"]))
    if ending == "mixed":
        text = "".join(part + draw(st.sampled_from(["\n", "\r\n", "\r"])) for part in text.split("\n"))
    else:
        text = text.replace("\n", ending)
    if draw(st.booleans()):
        text = "\ufeff" + text  # a byte-order mark the editor kept in the buffer
    return path, text


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutations_never_raise_and_stay_bounded(case: tuple[str, str]) -> None:
    path, text = case
    started = time.perf_counter()
    analysis = Analyzer(graph=ModuleGraph()).analyze(text, path)
    assert time.perf_counter() - started < 3.0
    assert all(d.code != "PTO-F47" for d in analysis.diagnostics), [d.message for d in analysis.diagnostics]


# Group callers, clusters and hand-written pipes exercise the caches keyed by callers.
_GROUP_CASES = ("011_program_cluster_mixed_kernel.py", "016_program_handwritten_v2c_pipe.py")
EDIT_TEXTS = [t for t in SEED_TEXTS if "@pl." in t[1]] + [
    (str(p), p.read_text()) for p in (Path("/work/shared/corpus") / n for n in _GROUP_CASES) if p.is_file()
]


@st.composite
def edit_sequences(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A seed and the versions a few random line edits make of it."""
    path, text = draw(st.sampled_from(EDIT_TEXTS))
    versions = []
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 5))):
        at = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "rename", "insert-def", "char"]))
        if kind == "delete":
            del lines[at]
        elif kind == "duplicate":
            lines.insert(at, lines[at])
        elif kind == "rename":
            lines = [line.replace("def ", "def z", 1) if i == at else line for i, line in enumerate(lines)]
        elif kind == "insert-def":
            lines[at:at] = ["", "@pl.jit.inline", "def extra(x: pl.Tensor):", "    return x", ""]
        else:
            line = lines[at]
            col = draw(st.integers(0, len(line)))
            lines[at] = line[:col] + draw(st.sampled_from(["1", " ", "x", ")", ":"])) + line[col:]
        versions.append("\n".join(lines))
    return path, versions


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edit_sequences())
def test_incremental_analysis_equals_a_fresh_one(case: tuple[str, list[str]]) -> None:
    path, versions = case
    graph = ModuleGraph()
    incremental = Analyzer(graph=graph)
    incremental.analyze(next(t for p, t in EDIT_TEXTS if p == path), path)
    for text in versions:
        assert incremental.analyze(text, path) == Analyzer(graph=graph).analyze(text, path)


CORPUS = Path("/work/shared/corpus")
CLUSTER = """import pypto.language as pl


@pl.program
class ClusterMixed:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[64, 64], pl.FP16],
        b: pl.Tensor[[64, 64], pl.FP16],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.cluster():
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="fused"):
                c = pl.matmul(a, b, out_dtype=pl.FP32)
                out = pl.assemble(out, pl.exp(c), [0, 0])
        return out
"""


def test_renaming_the_group_caller_refreshes_the_expanded_kernel() -> None:
    analyzer = Analyzer()
    first = analyzer.analyze(CLUSTER)
    assert [k.group_name for k in first.kernels] == ["main_group_0"]
    renamed = CLUSTER.replace("def main(", "def entry(")
    second = analyzer.analyze(renamed)
    assert [k.group_name for k in second.kernels] == ["entry_group_0"]
    assert "entry_group_0" in render(second.kernels[0])
    assert second == Analyzer().analyze(renamed)


CALLER_AND_CALLEE = """import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, {params}) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        y = pl.store(t, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        y = self.kernel(x, y)
        return y
"""


def test_a_callee_signature_edit_rechecks_its_unchanged_callers() -> None:
    """Found by the fuzz test above: the caller's arity check (PTO-F36) reads the callee's parameters."""
    two = "x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]"
    three = "z: pl.Tensor[[16, 16], pl.FP32], " + two
    analyzer = Analyzer(graph=ModuleGraph())
    assert "PTO-F36" not in [
        d.code for d in analyzer.analyze(CALLER_AND_CALLEE.format(params=two), "p.py").diagnostics
    ]
    after = analyzer.analyze(CALLER_AND_CALLEE.format(params=three), "p.py")
    assert [d.code for d in after.diagnostics if d.code == "PTO-F36"] == ["PTO-F36"]


def test_an_edit_that_leaves_the_ir_equal_keeps_the_functions() -> None:
    """A trailing space or a comment re-parses the unit but keeps its IR objects, so downstream caches hit."""
    from compiler.frontend.parser import ParseCache, parse_document

    two = "x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]"
    text = CALLER_AND_CALLEE.format(params=two)
    cache, graph = ParseCache(), ModuleGraph()
    before = parse_document(text, None, cache, graph).module.all_functions()
    spaced = text.replace("t = pl.load(x, [0, 0], [16, 16])", "t = pl.load(x, [0, 0], [16, 16])  # rows")
    after = parse_document(spaced, None, cache, graph).module.all_functions()
    assert [f.name for f in after] == [f.name for f in before]
    assert all(a is b for a, b in zip(after, before, strict=True))
    changed = parse_document(spaced.replace("[16, 16])  # rows", "[8, 16])"), None, cache, graph)
    assert changed.module.all_functions()[0] is not before[0]
