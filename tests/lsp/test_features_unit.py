"""Feature functions on hand-built Analysis values (no server, no engine needed)."""

from __future__ import annotations

import dataclasses

from lsprotocol import types

from compiler import fixes
from compiler.analysis import Analysis, CrossingInfo, KernelInfo, Lane, OpInfo, PipeSetup
from compiler.catalog import diagnostic
from compiler.diagnostics import Severity
from compiler.source import Line, Span
from pypto_lsp.config import Settings, merge
from pypto_lsp.features import code_actions, code_lens, diagnostics, hover, inlay_hints
from pypto_lsp.positions import UTF8, UTF16, LineIndex, choose_encoding

PROGRAM = """\
import pypto.language as pl


@pl.program
class P:
    @pl.function
    def main(self, a, out):
        with pl.at(level=pl.Level.CORE_GROUP):
            acc = pl.matmul(a, a)  # cube
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                y = pl.mul(acc, 0.5)  # keep me
                pl.notify(y)
                out = pl.store(y, [0, 0], out)
        return out
"""


def _apply(text: str, edits: list[types.TextEdit]) -> str:
    """Apply UTF-16 text edits the way an editor does (last edit first)."""
    index = LineIndex(text, UTF16)
    offsets = []
    starts = [0]
    for line in index.lines:
        starts.append(starts[-1] + len(line) + 1)
    for e in edits:
        sl, sc = index.point(e.range.start)
        el, ec = index.point(e.range.end)
        offsets.append((starts[sl - 1] + sc, starts[el - 1] + ec, e.new_text))
    for start, end, new in sorted(offsets, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _fix(kind: str, span: Span, **args: str) -> list[types.TextEdit]:
    index = LineIndex(PROGRAM, UTF16)
    fix = fixes.from_args(kind, span, args)
    assert fix is not None
    built = code_actions.build_edits(fix, index, PROGRAM)
    assert built is not None
    return built


def test_positions_non_ascii() -> None:
    text = 's = "注😀" $  # 注释'
    assert LineIndex(text, UTF16).position(1, 9).character == 10
    assert LineIndex(text, UTF8).position(1, 9).character == 14
    assert LineIndex(text, UTF8).point(types.Position(line=0, character=14)) == (1, 9)
    assert LineIndex(text, UTF16).point(types.Position(line=0, character=10)) == (1, 9)
    assert LineIndex(text, UTF16).position(9, 0) == types.Position(line=0, character=len(text) + 1)
    assert choose_encoding(["utf-16", "utf-8"]) == UTF8
    assert choose_encoding(["utf-32"]) == UTF16
    assert choose_encoding(None) == UTF16


def test_settings_merge() -> None:
    s = merge(Settings(), {"pypto": {"target": "a5", "inlayHints": {"enabled": False}, "debounceMs": 40}})
    assert (s.target, s.inlay_hints, s.debounce_ms) == ("a5", False, 40)
    s = merge(s, {"hazardLints.enabled": False, "target": "bogus"})
    assert (s.target, s.hazard_lints) == ("a5", False)


def test_shard_at_region_top_covers_every_read() -> None:
    header = Span(10, 12, 10, 70)
    out = _apply(PROGRAM, _fix("shard_at_region_top", header, value="acc", region_end="13", shard_name="acc"))
    lines = out.splitlines()
    assert lines[10] == "                acc = pl.aiv_shard(acc)"
    assert lines[11] == "                y = pl.mul(acc, 0.5)  # keep me"
    # The cube reads `acc` after the region: the shard gets its own name, and the region reads it.
    out = _apply(
        PROGRAM, _fix("shard_at_region_top", header, value="acc", region_end="13", shard_name="acc_shard")
    )
    lines = out.splitlines()
    assert lines[10] == "                acc_shard = pl.aiv_shard(acc)"
    assert lines[11] == "                y = pl.mul(acc_shard, 0.5)  # keep me"
    assert "acc = pl.matmul(a, a)" in out


def test_insert_aic_gather() -> None:
    out = _apply(PROGRAM, _fix("insert_aic_gather", Span(11, 16, 11, 36), value="y", indent="16"))
    lines = out.splitlines()
    assert lines[11] == "                y = pl.aic_gather(y)"


def test_wrap_split_aiv_none_reindents() -> None:
    out = _apply(PROGRAM, _fix("wrap_split_aiv_none", Span(9, 12, 9, 33), lane_var="aiv_id"))
    lines = out.splitlines()
    # the engine names the lane index `aiv_id` the function already binds: the new region reuses it
    assert lines[8] == "            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):"
    assert lines[9] == "                acc = pl.matmul(a, a)  # cube"
    assert lines[10].startswith("            for aiv_id")


def test_wrap_pl_at_and_notify() -> None:
    out = _apply(PROGRAM, _fix("wrap_pl_at", Span(14, 8, 14, 18)))
    assert "        with pl.at(level=pl.Level.CORE_GROUP):\n            return out\n" in out
    out = _apply(PROGRAM, _fix("shard_notify_by_aiv_id", Span(12, 16, 12, 28), lane_var="aiv_id"))
    assert "                if aiv_id == 0:\n                    pl.notify(y)\n" in out


def test_move_out_of_region() -> None:
    out = _apply(PROGRAM, _fix("move_out_of_region", Span(11, 16, 11, 36), region_line="10"))
    lines = out.splitlines()
    assert lines[9] == "            y = pl.mul(acc, 0.5)  # keep me"
    assert lines[10].startswith("            for aiv_id")
    assert "                y = pl.mul" not in out


def test_call_rewrites() -> None:
    text = "opts = [pl.split(pl.SplitMode.UP_DOWN, slot_num=4)]  # c\nz = pl.aiv_shard(acc[0])\nk = at(optimizations=OPTS)\n"
    index = LineIndex(text, UTF16)
    fix: fixes.Fix = fixes.RewriteSplitSlotNum(Span(1, 8, 1, 50))
    built = code_actions.build_edits(fix, index, text)
    assert built is not None
    assert _apply(text, built).splitlines()[0] == (
        "opts = [pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=4)]  # c"
    )
    built = code_actions.build_edits(fixes.RemoveAivShard(Span(2, 4, 2, 24)), index, text)
    assert built is not None and _apply(text, built).splitlines()[1] == "z = acc[0]"
    fix = fixes.InlineOptimizations(Span(3, 21, 3, 25), "[pl.split(pl.SplitMode.NONE)]")
    built = code_actions.build_edits(fix, index, text)
    assert built is not None
    assert _apply(text, built).splitlines()[2] == "k = at(optimizations=[pl.split(pl.SplitMode.NONE)])"


def _analysis() -> Analysis:
    diag = diagnostic(
        "PTO-AV-E",
        Span(11, 27, 11, 30),
        fixes=(fixes.ShardAtRegionTop(Span(10, 12, 10, 70), "acc", 13, "acc"),),
        op="tile.mul",
    )
    hazard = diagnostic("PTO-H1", Span(12, 16, 12, 28))
    crossing = CrossingInfo(Span(11, 27, 11, 30), "C2V", "acc", False, "tpush_to_aiv / tpop_from_aic", 2)
    kernel = KernelInfo(
        name="main_incore_0",
        span=Span(8, 8, 13, 46),
        header=Span(8, 8, 8, 46),
        source_kind="pl.at",
        func_type="Mixed (Group)",
        aic_name="main_incore_0_aic",
        aiv_name="main_incore_0_aiv",
        crossings=(crossing,),
        pipe=PipeSetup(1, 16384, 2, None, "c2v", None, 32768),
    )
    op = OpInfo(Span(9, 18, 9, 33), "pl.matmul", "tile.matmul", Lane.AIC, "matmul runs on the cube unit")
    return Analysis(
        path="x.py",
        target="a2a3",
        diagnostics=(diag, hazard),
        ops=(op,),
        kernels=(kernel,),
        lanes=((9, "aic"), (10, "aiv"), (11, "both"), (14, "orchestration")),
    )


def test_diagnostics_data_roundtrip_and_hazard_filter() -> None:
    index = LineIndex(PROGRAM, UTF16)
    items = diagnostics.collect(_analysis(), index, "file:///x.py", 3, Settings())
    assert [d.code for d in items] == ["PTO-AV-E", "PTO-H1"]
    assert items[0].data["version"] == 3
    fix = diagnostics.fix_from_data(items[0].data["fixes"][0])
    assert fix == _analysis().diagnostics[0].fixes[0]
    quiet = diagnostics.collect(_analysis(), index, "file:///x.py", 3, Settings(hazard_lints=False))
    assert [d.code for d in quiet] == ["PTO-AV-E"]
    assert diagnostics.anchor("PTO-AV-E") == "av-e"


def test_code_actions_from_context_data() -> None:
    index = LineIndex(PROGRAM, UTF16)
    items = diagnostics.collect(_analysis(), index, "file:///x.py", 3, Settings())
    params = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri="file:///x.py"),
        range=items[0].range,
        context=types.CodeActionContext(diagnostics=[items[0]]),
    )
    actions = code_actions.code_actions(_analysis(), index, PROGRAM, "file:///x.py", 3, params, Settings())
    fix, noqa = actions  # the engine's fix, then "Disable ... for this line" as ruff's server offers
    assert fix.is_preferred and not noqa.is_preferred
    assert noqa.title == f"Disable {items[0].code} for this line"
    stale = code_actions.code_actions(_analysis(), index, PROGRAM, "file:///x.py", 4, params, Settings())
    # The fix's edits were computed for version 3: dropped. The noqa edit is built on this version's text.
    assert [a.title for a in stale] == [noqa.title]


def test_inlay_hints_and_lens_and_hover() -> None:
    index = LineIndex(PROGRAM, UTF16)
    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=20, character=0))
    hints = inlay_hints.inlay_hints(_analysis(), index, whole, Settings())
    assert [(h.position.line, h.label) for h in hints] == [(8, "⟵ AIC"), (9, "⟵ AIV"), (10, "⟵ AIC+AIV")]
    assert hints[0].position.character == len(PROGRAM.splitlines()[8])
    assert inlay_hints.inlay_hints(_analysis(), index, whole, Settings(inlay_hints=False)) == []
    (lens,) = code_lens.code_lenses(_analysis().kernels, index, "file:///x.py")
    assert lens.command is not None
    assert lens.command.title == "mixed: AIC + AIV · 1 crossing · pipe 2 × 16 KiB"
    assert lens.command.command == "pypto.showExpandedKernels"
    shown = hover.hover(_analysis(), index, types.Position(line=8, character=22))
    assert shown is not None and isinstance(shown.contents, types.MarkupContent)
    assert shown.contents.value.startswith("**AIC** (cube) — matmul runs on the cube unit")
    header = hover.hover(_analysis(), index, types.Position(line=7, character=14))
    assert header is not None and isinstance(header.contents, types.MarkupContent)
    assert "pipe: 2 × 16 KiB" in header.contents.value


def test_inlay_hints_on_pure_vector_kernels_are_on_by_default_and_can_be_turned_off() -> None:
    """The issue: lane tags are shown everywhere unless the user hides them for pure-vector kernels."""
    from compiler import analyze

    source = (
        "import pypto.language as pl\n\n\n@pl.jit\n"
        "def k(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n"
        "        out[:] = pl.exp(x)\n"
        "    return out\n"
    )
    analysis = analyze(source)
    index = LineIndex(source, UTF16)
    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=9, character=0))
    shown = inlay_hints.inlay_hints(analysis, index, whole, Settings())
    assert [(h.position.line, h.label) for h in shown] == [(6, "⟵ AIV")]
    assert inlay_hints.inlay_hints(analysis, index, whole, Settings(pure_vector_hints=False)) == []


def test_an_engine_failure_becomes_one_internal_diagnostic() -> None:
    """If the analysis itself raises, the document gets PTO-F47 (a warning) instead of a dead server."""
    from compiler.pipeline import Analyzer
    from pypto_lsp.document import run_analysis

    class Broken(Analyzer):
        def analyze(self, source: str, path: str = "<memory>", target: str | None = None) -> Analysis:
            raise RuntimeError("boom")

    analysis = run_analysis("import pypto.language as pl\n", "x.py", None, analyzer=Broken())
    assert analysis is not None
    (diag,) = analysis.diagnostics
    assert diag.code == "PTO-F47" and diag.severity is Severity.WARNING
    assert diag.message == "pypto-lsp internal error while analysing this file: RuntimeError: boom"


def test_hover_and_outline_of_launch_scopes() -> None:
    """`with pl.spmd(n):` and `with pl.cluster():` headers summarise what they launch; both are outlined."""
    from pathlib import Path

    from compiler import analyze
    from pypto_lsp.features import symbols

    corpus = Path(__file__).resolve().parents[3] / "shared" / "corpus"
    source = (corpus / "021_program_syncall_cluster_count.py").read_text()
    analysis = analyze(source)
    index = LineIndex(source, UTF16)
    shown = hover.hover(analysis, index, types.Position(line=35, character=20))  # with pl.spmd(...)
    assert shown is not None and isinstance(shown.contents, types.MarkupContent)
    assert shown.contents.value.startswith(
        "**pl.spmd** — pl.system.available_cluster_count() blocks, sync_start"
    )
    assert "launches kernel `mixed` → Mixed (Group)" in shown.contents.value
    outline = symbols.document_symbols(analysis, index)
    main = next(f for f in outline[0].children or [] if f.name == "main")
    assert [(c.name, c.kind) for c in main.children or []] == [("pl.spmd", types.SymbolKind.Namespace)]

    cluster_source = (corpus / "011_program_cluster_mixed_kernel.py").read_text()
    cluster = hover.hover(
        analyze(cluster_source), LineIndex(cluster_source, UTF16), types.Position(line=18, character=18)
    )
    assert cluster is not None and isinstance(cluster.contents, types.MarkupContent)
    assert "launches kernel `fused` → Mixed (Group)" in cluster.contents.value


def test_every_fix_kind_has_one_code_action_function_and_travels_as_data() -> None:
    assert set(code_actions.BUILDERS) == set(fixes.KINDS)
    for kind, cls in fixes.KINDS.items():
        values = {
            f.name: {"str": "acc", "int": 7, "bool": True, "int | None": 3, "Line": Line(12)}[str(f.type)]
            for f in dataclasses.fields(cls)
            if f.name != "span"
        }
        fix = cls(Span(2, 4, 2, 9), **values)
        back = fixes.from_args(kind, fix.span, dict(fixes.to_args(fix)))
        assert back == fix, kind
        assert all(type(v) is type(values[k]) for k, v in back.values().items()), kind  # a Line stays one
