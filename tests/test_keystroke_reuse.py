"""Reuse on the keystroke path of a long file: typing in an inline helper, syntax errors while typing,
kernel inputs read from changed facts. Each shortcut must give what the whole computation gives."""

from __future__ import annotations

import pytest

from compiler import ir
from compiler.frontend.parser import ParseCache, parse_document
from compiler.frontend.units import Unit
from compiler.incremental import LineAnchors, MappingChanges, changed_keys
from compiler.ir_walk import walk_stmts
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer
from tests.suffix_window_check import window_error_matches_whole
from tests.test_statement_memos import BLOCK, PATH

HELPER_LINE = "            sq = pl.mul(t, t)"
TYPED = "t2 = pl.exp(sq)"


@pytest.fixture(autouse=True)
def _memos_on_short_bodies(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memos are kept for bodies of 300 lines and more; the kernel here is shorter, to stay readable."""
    import compiler.memo

    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)


def _typing_in(text: str, after: str, typed: str) -> list[str]:
    """Enter after the line `after`, `typed` a character at a time, then deleted, then the newline."""
    lines = text.split("\n")
    at = lines.index(after)
    indent = after[: len(after) - len(after.lstrip())]
    versions = []
    for k in [*range(len(typed) + 1), *range(len(typed) - 1, -1, -1)]:
        versions.append("\n".join([*lines[: at + 1], indent + typed[:k], *lines[at + 1 :]]))
    versions.append(text)
    return versions


def test_typing_in_an_inline_helper_equals_a_fresh_analysis() -> None:
    graph = ModuleGraph()
    incremental = Analyzer(graph=graph)
    first = incremental.analyze(BLOCK, PATH)
    mismatches = [
        text.split("\n")[BLOCK.split("\n").index(HELPER_LINE) + 1]
        for text in _typing_in(BLOCK, HELPER_LINE, TYPED)
        if incremental.analyze(text, PATH) != Analyzer(graph=graph).analyze(text, PATH)
    ]
    assert mismatches == []
    assert incremental.analyze(BLOCK, PATH) == first


def test_an_edit_in_a_helper_keeps_the_callers_other_spliced_statements() -> None:
    """The caller's spliced copy of the helper is substituted again only where the helper changed, so the
    passes after InlineFunctions find the other statements as the objects they checked last time."""
    from compiler.passes.inline_functions import SpliceMemo, collect_helpers, inline_function

    cache, graph, memo = ParseCache(), ModuleGraph(), SpliceMemo()

    def spliced(text: str, splices: SpliceMemo) -> ir.Function:
        parsed = parse_document(text, PATH, cache, graph)
        helpers = collect_helpers(parsed.module, parsed.imports, PATH, graph)
        entry = next(f for f in parsed.module.all_functions() if f.name == "decode_block")
        return inline_function(entry, helpers, {}, splices).function

    def by_text(function: ir.Function, needle: str) -> list[ir.Stmt]:
        line = next(i + 1 for i, text in enumerate(BLOCK.split("\n")) if needle in text)
        return [s for s in walk_stmts(function.body) if s.span.line == line and isinstance(s, ir.Assign)]

    before = spliced(BLOCK, memo)
    memo.sweep()
    edited = BLOCK.replace(
        "sq = pl.set_validshape(sq, ROWS, HIDDEN)", "sq = pl.set_validshape(sq, 1, HIDDEN)"
    )
    after = spliced(edited, memo)
    assert after == spliced(edited, SpliceMemo())  # what a fresh inlining gives
    kept, changed = by_text(before, "t = pl.load(x, [r"), by_text(after, "t = pl.load(x, [r")
    assert len(kept) == 2 and all(a is b for a, b in zip(kept, changed, strict=True))  # two splices
    old_shape, new_shape = by_text(before, "pl.set_validshape"), by_text(after, "pl.set_validshape")
    assert len(new_shape) == 2 and not any(a is b for a, b in zip(old_shape, new_shape, strict=True))


_BROKEN = [
    "t = pl.",
    "t = pl.exp(",
    "t = pl.exp(x",
    ")",
    "x = [1,",
    "if x",
    "else:",
    "t =",
    "'abc",
    '"""',
    "pl.exp(x))",
    "    deeper = 1",
    "for i in",
    "a, b =",
]


def _is_decode_block(unit: Unit) -> bool:
    return unit.kind == "def" and "def decode_block" in unit.text


def test_the_syntax_error_found_from_the_lines_after_the_edit_is_the_whole_units() -> None:
    graph, cache, anchors = ModuleGraph(), ParseCache(), LineAnchors()
    anchors.update(BLOCK)
    parse_document(BLOCK, PATH, cache, graph, anchors)
    lines = BLOCK.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("def decode_block"))
    told = 0
    for at in range(start + 8, len(lines) - 1):
        indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())] or "    "
        for broken in _BROKEN:
            text = "\n".join([*lines[: at + 1], indent + broken, *lines[at + 1 :]])
            if window_error_matches_whole(text, anchors, cache, _is_decode_block):
                told += 1
    assert told > 100  # most of them are told without the whole unit


def test_changed_keys_are_the_added_removed_and_unequal_ones() -> None:
    old = {"a": 1, "b": (2,), "c": 3}
    assert changed_keys(old, old) == set()
    assert changed_keys(old, {"a": 1, "b": (2,), "c": 3}) == set()
    assert changed_keys(old, {"a": 1, "b": (2, 0), "d": 3}) == {"b", "c", "d"}
    assert changed_keys(old, {"a": 1, "b": (2,)}) == {"c"}
    changes = MappingChanges((old, {}), ({"a": 1, "b": (2,), "c": 4}, {}))
    assert changes.unchanged(0, ("a", "b", "zz")) and not changes.unchanged(0, ("c",))
    assert changes.unchanged(1, ("a",))


def test_the_first_keystroke_does_not_parse_the_module_code_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The open parsed the document's module code; the edit inside a kernel leaves it the same text, so
    entering the document for the edit's analysis reads its imports from the open's parse."""
    import compiler.modules

    edited = _typing_in(BLOCK, HELPER_LINE, TYPED)[3]
    fresh = Analyzer(graph=ModuleGraph()).analyze(edited, PATH)
    analyzer = Analyzer(graph=ModuleGraph())
    analyzer.analyze(BLOCK, PATH)
    parsed: list[str] = []
    parse = compiler.modules.parse_source
    monkeypatch.setattr(compiler.modules, "parse_source", lambda text: parsed.append(text) or parse(text))
    assert analyzer.analyze(edited, PATH) == fresh
    assert [text for text in parsed if "import pypto.language as pl" in text] == []
