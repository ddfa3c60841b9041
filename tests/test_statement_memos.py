"""Statement-level reuse inside one long function body: each memo (the builder's, InlineFunctions',
the parse-stage checks', Simplify's) gives exactly what a fresh analysis gives, after any edit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler import ir
from compiler.frontend.checks.walk import FunctionChecker
from compiler.ir_walk import walk_stmts
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer

PACKAGE = Path(__file__).resolve().parent / "data" / "kernel_pkg"
PATH = str(PACKAGE / "block.py")  # never written: the analysis reads the text, the imports from disk
BLOCK = '''"""One long @pl.jit entry in the style of a real model file: every statement memo is exercised."""

import pypto.language as pl

from .config import ACTIVE as M
from .kernels.helpers import project, scale_rows

ROWS = M.tile_rows
HIDDEN = M.hidden
LAYERS = 2
USE_BIAS = True


@pl.jit.inline
def row_norm(x: pl.Tensor, y: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="row_norm"):
        for r in pl.range(1):
            t = pl.load(x, [r * ROWS, 0], [ROWS, HIDDEN])
            sq = pl.mul(t, t)
            sq = pl.set_validshape(sq, ROWS, HIDDEN)
            y = pl.store(pl.exp(sq), [r * ROWS, 0], y)
    return y


@pl.inline
def gated(x: pl.Tensor, y: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="gated"):
        y[:] = pl.exp(pl.neg(x))
    return y


@pl.jit
def decode_block(
    x: pl.Tensor[[ROWS, HIDDEN], pl.FP16],
    w: pl.Tensor[[HIDDEN, HIDDEN], pl.FP16],
    bias: pl.Tensor[[ROWS, HIDDEN], pl.FP32],
    out: pl.Out[pl.Tensor[[ROWS, HIDDEN], pl.FP32]],
):
    n_layers = LAYERS
    acc = pl.create_tensor([ROWS, HIDDEN], dtype=pl.FP32)
    normed = pl.create_tensor([ROWS, HIDDEN], dtype=pl.FP32)
    for layer in pl.range(n_layers):
        acc = project(x, w, acc)
        normed = row_norm(acc, normed)
        if USE_BIAS:
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="bias") as bias_tid:
                for i in pl.range(1):
                    summed = pl.add(
                        normed,
                        bias,
                    )
                    out = pl.assemble(out, summed, offset=[i * ROWS, 0])
        else:
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="no_bias"):
                out[:] = pl.exp(normed)
        if layer > 0:
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="later_layers"):
                mixed = pl.matmul(x, w, out_dtype=pl.FP32)
                out = pl.assemble(out, pl.exp(mixed), offset=[0, 0])
    gated_a = pl.create_tensor([ROWS, HIDDEN], dtype=pl.FP32)
    gated_a = gated(out, gated_a)
    gated_b = pl.create_tensor([ROWS, HIDDEN], dtype=pl.FP32)
    gated_b = gated(out, gated_b)
    normed = row_norm(gated_b, normed)
    for blk in pl.spmd(2, name_hint="rows"):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="spmd_rows"):
            tile = pl.load(normed, [blk * ROWS, 0], [ROWS, HIDDEN])
            sq = pl.mul(tile, tile)
            summed = pl.add(sq, tile)
            shifted = pl.sub(summed, tile)
            scaled_rows = pl.mul(shifted, 0.5)
            flipped = pl.neg(scaled_rows)
            out = pl.store(pl.exp(tile), [blk * ROWS, 0], out)
            out = pl.store(pl.exp(flipped), [blk * ROWS, 0], out)
    scaled = pl.create_tensor([ROWS, HIDDEN], dtype=pl.FP32)
    scaled = scale_rows(out, scaled)
    return scaled
'''


@pytest.fixture(autouse=True)
def _memos_on_short_bodies(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memos are kept for bodies of 300 lines and more; the kernel here is shorter, to stay readable."""
    import compiler.memo

    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)


def _edits(text: str) -> list[tuple[str, str]]:
    """Every line of the entry's body edited the ways typing does: a name lengthened (often undefined
    then), a number changed, the line deleted, duplicated (a second splice of a helper), cut in half."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("def decode_block"))
    out: list[tuple[str, str]] = []
    for i in range(start, len(lines)):
        line = lines[i]
        if not line.strip():
            continue
        words = list(re.finditer(r"\b[A-Za-z_]\w*\b", line))
        numbers = list(re.finditer(r"\b\d+\b", line))
        variants = [
            lines[:i] + lines[i + 1 :],
            [*lines[:i], line, *lines[i:]],
            [*lines[:i], line[: len(line) // 2], *lines[i + 1 :]],
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


EDITS = _edits(BLOCK)


def test_the_block_is_a_valid_kernel_with_its_scopes() -> None:
    analysis = Analyzer(graph=ModuleGraph()).analyze(BLOCK, PATH)
    assert [d.code for d in analysis.diagnostics] == []
    assert {"decode_block_bias", "decode_block_later_layers", "decode_block_rows"} <= {
        k.name for k in analysis.kernels
    }


def test_every_edit_then_undo_equals_a_fresh_analysis() -> None:
    """One analyzer carried through every edit and back: each version as a fresh analyzer sees it."""
    graph = ModuleGraph()
    incremental = Analyzer(graph=graph)
    incremental.analyze(BLOCK, PATH)
    mismatches = []
    for label, text in EDITS:
        if incremental.analyze(text, PATH) != Analyzer(graph=graph).analyze(text, PATH):
            mismatches.append(label)
        if incremental.analyze(BLOCK, PATH) != Analyzer(graph=graph).analyze(BLOCK, PATH):
            mismatches.append(label + " (undo)")
    assert mismatches == []


def test_edits_in_a_row_equal_a_fresh_analysis() -> None:
    """Edits that build on each other (no undo between): the memos carry over one version at a time."""
    graph = ModuleGraph()
    incremental = Analyzer(graph=graph)
    text = BLOCK
    incremental.analyze(text, PATH)
    for old, new in [
        ("n_layers = LAYERS", "n_layers = 1"),  # the same layer loop, now of one trip: folded
        ("n_layers = 1", "n_layers = LAYERS"),
        ("LAYERS = 2", "LAYERS = 1"),
        ("USE_BIAS = True", "USE_BIAS = False"),
        ('name_hint="spmd_rows")', 'name_hint="spmd_rows2")'),
        ("pl.exp(tile)", "pl.exp(tiles)"),
        ("pl.exp(tiles)", "pl.exp(tile)"),
        ("gated_b = gated(out, gated_b)", "gated_b = gated(gated_a, gated_b)"),
        ("USE_BIAS = False", "USE_BIAS = True"),
        ("normed = row_norm(acc, normed)", "normed = row_nor(acc, normed)"),  # one splice fewer before
        ("normed = row_nor(acc, normed)", "normed = row_norm(acc, normed)"),
        ("acc = project(x, w, acc)", "acc = project(x, w, acc); acc = project(x, w, acc)"),  # one more
    ]:
        assert old in text
        text = text.replace(old, new)
        assert incremental.analyze(text, PATH) == Analyzer(graph=graph).analyze(text, PATH), new


def _entry_body(analyzer: Analyzer, text: str) -> tuple[ir.Stmt, ...]:
    module = analyzer_parse(analyzer, text)
    return next(f for f in module.all_functions() if f.name == "decode_block").body


def analyzer_parse(analyzer: Analyzer, text: str) -> ir.Module:
    from compiler.frontend.parser import parse_document

    return parse_document(text, PATH, analyzer.parse_cache, analyzer.graph).module


def test_an_edit_rebuilds_only_the_statements_that_hold_it() -> None:
    analyzer = Analyzer(graph=ModuleGraph())
    before = _entry_body(analyzer, BLOCK)
    after = _entry_body(analyzer, BLOCK.replace("pl.exp(tile)", "pl.exp(tiles)"))
    changed = [b for a, b in zip(before, after, strict=True) if a is not b]
    assert [type(s).__name__ for s in changed] == ["For"]  # the spmd loop that holds the edit
    inner_before = {id(s) for s in walk_stmts(before)}
    rebuilt = [s for s in walk_stmts(after) if id(s) not in inner_before]
    assert [s.span.line for s in rebuilt] == [
        BLOCK.split("\n").index(line) + 1
        for line in BLOCK.split("\n")
        if "pl.spmd(2" in line or "spmd_rows" in line or "pl.exp(tile)" in line
    ]


def test_an_edit_rechecks_only_the_compound_statements_that_hold_it(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[ir.Stmt] = []
    original = FunctionChecker._check

    def counting(self: FunctionChecker, stmt: ir.Stmt, ctx: object) -> None:
        checked.append(stmt)
        original(self, stmt, ctx)  # type: ignore[arg-type]

    monkeypatch.setattr(FunctionChecker, "_check", counting)
    analyzer = Analyzer(graph=ModuleGraph())
    analyzer.analyze(BLOCK, PATH)
    cold = len(checked)
    checked.clear()
    edited = analyzer.analyze(BLOCK.replace("pl.exp(tile)", "pl.exp(tiles)"), PATH)
    assert "PTO-F6" in [d.code for d in edited.diagnostics]  # the typo is still found
    assert 0 < len(checked) < cold * 0.6
    hints = {
        h.value
        for s in checked
        if isinstance(s, ir.With) and isinstance(h := s.call.kwarg("name_hint"), ir.Const)
    }
    # The layer loop (big enough to key) replays whole; small compound statements are simply re-checked.
    assert "spmd_rows" in hints and not hints & {"bias", "no_bias", "later_layers"}


def test_code_spliced_from_another_module_is_one_step_of_the_checks_memo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A helper of another module is never edited in this document: the checks memo records each of its
    spliced statements in the entry's body as one step, none nested in it on its own (a cold open of the
    largest model recorded ~10,000 such steps for no reuse). The document's own helpers keep theirs."""
    from compiler.incremental import Recorded
    from compiler.ir_walk import child_blocks
    from compiler.passes.inline_functions import is_foreign

    ended: list[object] = []
    original = Recorded.end

    def end(self: Recorded, node: object, context: object = None, result: object = None) -> object:
        ended.append(node)
        return original(self, node, context, result)

    monkeypatch.setattr(Recorded, "end", end)
    analyzer = Analyzer(graph=ModuleGraph())
    analyzer.analyze(BLOCK, PATH)
    statements = [n for n in ended if isinstance(n, ir.Stmt.__args__)]  # type: ignore[attr-defined]
    foreign = [n for n in statements if is_foreign(n.span)]
    assert {s.call.kwarg("name_hint").value for s in foreign if isinstance(s, ir.With)} == {
        "project",
        "scale_rows",
    }
    inside = {id(inner) for s in foreign for body in child_blocks(s) for inner in walk_stmts(body)}
    assert inside and not inside & {id(s) for s in foreign}
    # The document's own helper (row_norm) spliced: its statement nested in a `with` and a loop has a step.
    spliced_locals = [
        n.targets[0].id
        for n in statements
        if isinstance(n, ir.Assign) and isinstance(n.targets[0], ir.Name) and not is_foreign(n.span)
    ]
    assert any(name.startswith("t__inline") for name in spliced_locals)  # `t = pl.load(...)`, in row_norm
    # An edit elsewhere replays the spliced statements whole, and equals a fresh analysis.
    edited = BLOCK.replace("pl.exp(tile)", "pl.exp(tiles)")
    assert analyzer.analyze(edited, PATH) == Analyzer(graph=ModuleGraph()).analyze(edited, PATH)


def test_a_reused_splice_keeps_the_fresh_names_a_fresh_inlining_gives() -> None:
    """The spliced helper's locals are numbered by splice: a statement after an edit that adds or drops a
    splice is spliced again, not reused with the old numbers (two splices would share their locals)."""
    from compiler.frontend.parser import ParseCache, parse_document
    from compiler.passes.inline_functions import (
        SpliceMemo,
        StatementSplices,
        collect_helpers,
        inline_function,
    )

    cache, graph = ParseCache(), ModuleGraph()

    def inlined(text: str, statements: StatementSplices | None) -> ir.Function:
        parsed = parse_document(text, PATH, cache, graph)
        helpers = collect_helpers(parsed.module, parsed.imports, PATH, graph)
        entry = next(f for f in parsed.module.all_functions() if f.name == "decode_block")
        return inline_function(entry, helpers, {}, SpliceMemo(), statements).function

    memo = StatementSplices()
    memo.next_version({})
    inlined(BLOCK, memo)
    typo = BLOCK.replace("normed = row_norm(acc, normed)", "normed = row_nor(acc, normed)")
    memo.next_version({})
    assert inlined(typo, memo) == inlined(typo, None)
    memo.next_version({})
    assert inlined(BLOCK, memo) == inlined(BLOCK, None)


def test_a_did_you_mean_follows_names_defined_outside_the_statement() -> None:
    """The closest name is chosen among every name defined so far, which a statement's key does not
    cover: a statement that reports one is checked again each time, not replayed."""
    typo = BLOCK.replace("pl.exp(tile)", "pl.exp(tilee)")
    closer = typo.replace("gated_a = pl.create_tensor(", "tileee = pl.create_tensor(")
    analyzer = Analyzer(graph=ModuleGraph())

    def suggestion(text: str) -> str:
        analysis = analyzer.analyze(text, PATH)
        assert analysis == Analyzer(graph=ModuleGraph()).analyze(text, PATH)
        found = next(d for d in analysis.diagnostics if d.code == "PTO-F6" and "tilee" in d.message)
        return str(found.fixes[0].values()["text"])

    assert suggestion(typo) == "tile"
    assert suggestion(closer) == "tileee"


def test_a_one_shot_analysis_records_no_memos_and_equals_the_memoised_one() -> None:
    """`pypto-lsp check` analyses each file once (Analyzer(one_shot=True)): no statement memo is recorded,
    and the analysis is the one the editor's memoised analyzer gives, for the block and every edit of it."""
    graph = ModuleGraph()
    once = Analyzer(graph=graph, one_shot=True)
    memoised = Analyzer(graph=graph)
    assert once.analyze(BLOCK, PATH) == memoised.analyze(BLOCK, PATH)
    assert once.body_memos == {} and memoised.body_memos != {}
    # nor the kernels' results and what they read, which only a next version would reuse
    assert once.kernel_cache == {} and once.kernel_reads == {} and memoised.kernel_cache != {}
    # nor the substituted helper bodies and statements (a one-shot analysis hardly repeats a splice)
    assert not once.splice_memo.bodies and not once.splice_memo.statements
    assert memoised.splice_memo.bodies and memoised.splice_memo.statements
    mismatches = [
        label
        for label, text in EDITS[::3]
        if Analyzer(graph=graph, one_shot=True).analyze(text, PATH)
        != Analyzer(graph=graph).analyze(text, PATH)
    ]
    assert mismatches == []


def test_a_lean_analysis_has_what_check_prints() -> None:
    """`check` asks for a lean analysis (no read-out for editor features): its diagnostics and lanes, here
    and in the helper modules, are the full analysis's."""
    from pypto_lsp.check_cache import slim

    graph = ModuleGraph()
    for text in (BLOCK, *(t for _, t in EDITS[::7])):
        full = Analyzer(graph=graph).analyze(text, PATH)
        lean = Analyzer(graph=graph, one_shot=True, lean=True).analyze(text, PATH)
        assert slim(lean) == slim(full)
        assert not lean.ops and not lean.kernels and not lean.symbols
        if text == BLOCK:
            assert lean.lanes and lean.foreign_lanes and full.ops
    # The kernel passes themselves skip what only editor features read: the op infos and expanded views.
    kept = Analyzer(graph=graph, lean=True)
    kept.analyze(BLOCK, PATH)
    outcomes = [cached[2] for cached in kept.kernel_cache.values()]
    assert outcomes and all(not r.ops and r.info.expansion is None for r in outcomes)


LONG_HELPER = """import pypto.language as pl

ROWS = 64


@pl.jit.inline
def long_rows(x: pl.Tensor, y: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="long_rows"):
        for r in pl.range(2):
            for c in pl.range(2):
                t = pl.load(x, [r * ROWS, c * ROWS], [ROWS, ROWS])
                a = pl.exp(t)
                b = pl.neg(a)
                d = pl.mul(b, b)
                e = pl.add(d, a)
                f = pl.sub(e, t)
                g = pl.mul(f, 0.5)
                h = pl.exp(g)
                y = pl.store(h, [r * ROWS, c * ROWS], y)
    return y
"""

LONG_ENTRY = """import pypto.language as pl

from rows import long_rows


@pl.jit
def entry(x: pl.Tensor[[128, 128], pl.FP32], y: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    y = long_rows(x, y)
    y = long_rows(y, y)
    return y
"""


def test_simplify_keys_code_spliced_from_another_module_as_one_statement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Simplify's memo keys a long compound statement of a helper of another module as one statement,
    none nested in it on its own (the loops inside the `with` here); the result is a fresh analysis's."""
    from compiler.memo import NestedMemo
    from compiler.passes.inline_functions import is_foreign
    from compiler.passes.simplify import _Folded

    (tmp_path / "rows.py").write_text(LONG_HELPER)
    entry = tmp_path / "entry.py"
    entry.write_text(LONG_ENTRY)
    keyed: list[ir.Stmt] = []
    original = NestedMemo.end

    def end(self: NestedMemo, key: object, value: object) -> None:  # type: ignore[type-arg]
        if isinstance(value, _Folded):
            keyed.append(value.stmt)
        original(self, key, value)

    monkeypatch.setattr(NestedMemo, "end", end)
    analyzer = Analyzer(graph=ModuleGraph())
    analysis = analyzer.analyze(LONG_ENTRY, str(entry))
    assert [k.name for k in analysis.kernels] == ["entry_long_rows", "entry_long_rows"]
    foreign = [s for s in keyed if is_foreign(s.span)]
    assert len(foreign) == 2 and all(isinstance(s, ir.With) for s in foreign)  # one per splice, no loop
    edited = LONG_ENTRY.replace("y = long_rows(y, y)\n", "y = long_rows(y, y)\n    y = long_rows(x, y)\n")
    assert analyzer.analyze(edited, str(entry)) == Analyzer(graph=ModuleGraph()).analyze(edited, str(entry))
