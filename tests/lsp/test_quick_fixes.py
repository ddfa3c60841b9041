"""Every quick fix, applied over stdio, makes its diagnostic go away on re-analysis.

For each engine Fix kind the real server (`python -m pypto_lsp`) opens a program with the fault,
publishes the diagnostic, returns the quick fix for it; the test applies the WorkspaceEdit in the
negotiated position encoding, sends the result as a didChange and checks the publish for the new
version: that diagnostic is gone, nothing new appeared, and every comment survived. Each case
tags the edited line with a non-ASCII trailing comment, so an edit computed in the wrong encoding
(or one that drops comments) shows up as a failure. Both UTF-16 and UTF-8 are negotiated.
"""

from __future__ import annotations

import io
import itertools
import re
import tokenize
import weakref
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from compiler.fixes import KINDS, MoveOutOfRegion
from compiler.source import Span
from pypto_lsp.features.code_actions import BUILDERS, build_edits
from pypto_lsp.positions import LineIndex

from .conftest import CONFIG, CORPUS
from .helpers import open_doc, tmp_uri, wait_published

pytestmark = pytest.mark.engine

# A trailing comment added to the edited line: the 😀 is two UTF-16 units and four UTF-8 bytes.
TAG = "  # 注意 keep 😀"

_ENCODING: weakref.WeakKeyDictionary[LanguageClient, str] = weakref.WeakKeyDictionary()


@pytest_lsp.fixture(config=CONFIG, params=["utf-16", "utf-8"])
async def editor(lsp_client: LanguageClient, request: pytest.FixtureRequest):
    """A push-diagnostics client (VS Code profile) that offers only the parametrized encoding."""
    caps = client_capabilities("visual-studio-code")
    caps.general = types.GeneralClientCapabilities(position_encodings=[request.param])
    lsp_client.set_configuration({"inlayHints": {"enabled": True}}, section="pypto")
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=caps,
            workspace_folders=[types.WorkspaceFolder(uri=CORPUS.as_uri(), name="corpus")],
        )
    )
    negotiated = result.capabilities.position_encoding or types.PositionEncodingKind.Utf16
    _ENCODING[lsp_client] = str(getattr(negotiated, "value", negotiated))
    assert _ENCODING[lsp_client] == request.param, "the server must use the only encoding offered"
    yield
    await lsp_client.shutdown_session()


# --- applying a WorkspaceEdit the way an editor does ----------------------------------------------


def _offset(text: str, pos: types.Position, encoding: str) -> int:
    """String index of an LSP position (`encoding` code units) in text."""
    starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]
    assert pos.line < len(starts), f"position {pos} is past the end of the text"
    start = starts[pos.line]
    end = starts[pos.line + 1] if pos.line + 1 < len(starts) else len(text)
    line = text[start:end].rstrip("\r\n")
    units = 0
    for i, ch in enumerate(line):
        if units >= pos.character:
            assert units == pos.character, f"position {pos} splits the character {ch!r} ({encoding})"
            return start + i
        units += len(ch.encode("utf-8")) if encoding == "utf-8" else 2 if ord(ch) > 0xFFFF else 1
    assert units >= pos.character, f"position {pos} is past the end of line {pos.line}"
    return start + len(line)


def apply_text_edits(text: str, edits: list[types.TextEdit], encoding: str) -> str:
    """Apply non-overlapping text edits (all relative to `text`), as LSP requires."""
    spans = [(_offset(text, e.range.start, encoding), _offset(text, e.range.end, encoding), e) for e in edits]
    spans.sort(key=lambda s: (s[0], s[1]))
    for (_, end, _), (start, _, _) in itertools.pairwise(spans):
        assert end <= start, f"overlapping edits: {edits}"
    for start, end, edit in reversed(spans):  # stable: equal starts keep their array order
        text = text[:start] + edit.new_text + text[end:]
    return text


def apply_workspace_edit(edit: types.WorkspaceEdit, uri: str, version: int, text: str, encoding: str) -> str:
    """The document text after a WorkspaceEdit that must touch only `uri` at `version`."""
    if edit.document_changes is not None:
        text_edits: list[types.TextEdit] = []
        for change in edit.document_changes:
            assert isinstance(change, types.TextDocumentEdit), f"unexpected resource operation {change}"
            assert change.text_document.uri == uri
            assert change.text_document.version == version, "edit computed for another version"
            text_edits.extend(e for e in change.edits if isinstance(e, types.TextEdit))
            assert len(text_edits) == len(change.edits), "annotated/snippet edits are not expected"
    else:
        assert edit.changes is not None and set(edit.changes) == {uri}
        text_edits = list(edit.changes[uri])
    assert text_edits, "the quick fix edits nothing"
    return apply_text_edits(text, text_edits, encoding)


def test_apply_text_edits_counts_code_units() -> None:
    text = "a = '😀'  # x\nb = 1\n"
    utf16 = types.TextEdit(range=_range(0, 8, 0, 8), new_text="!")
    utf8 = types.TextEdit(range=_range(0, 10, 0, 10), new_text="!")
    assert apply_text_edits(text, [utf16], "utf-16") == "a = '😀'!  # x\nb = 1\n"
    assert apply_text_edits(text, [utf8], "utf-8") == "a = '😀'!  # x\nb = 1\n"
    with pytest.raises(AssertionError):  # inside the surrogate pair
        apply_text_edits(text, [types.TextEdit(range=_range(0, 6, 0, 6), new_text="!")], "utf-16")
    move = [
        types.TextEdit(range=_range(0, 0, 0, 0), new_text="b = 1\n"),
        types.TextEdit(range=_range(1, 0, 2, 0), new_text=""),
    ]
    assert apply_text_edits(text, move, "utf-16") == "b = 1\na = '😀'  # x\n"


def _range(line: int, char: int, end_line: int, end_char: int) -> types.Range:
    return types.Range(
        start=types.Position(line=line, character=char), end=types.Position(line=end_line, character=end_char)
    )


# --- comparing diagnostics across versions -----------------------------------------------------


def _range_text(text: str, rng: types.Range, encoding: str) -> str:
    return text[_offset(text, rng.start, encoding) : _offset(text, rng.end, encoding)]


def _key(d: types.Diagnostic, text: str, encoding: str) -> tuple[str, str, str]:
    """A diagnostic's identity across edits: code, severity and the source text it covers."""
    return (str(d.code), str(d.severity), " ".join(_range_text(text, d.range, encoding).split()))


def _comments(text: str) -> Counter[str]:
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return Counter(t.string for t in tokens if t.type == tokenize.COMMENT)


# --- the cases ---------------------------------------------------------------------------------------

O13_SNIPPET = """\
import pypto.language as pl


@pl.jit
def split_slots(
    x: pl.Tensor[[64, 64], pl.FP16],
    w: pl.Tensor[[64, 64], pl.FP16],
    bias: pl.Tensor[[64, 64], pl.FP32],
    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
):
    # the slot count belongs in pl.cross_core_slot
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="分割😀", optimizations=[pl.split(pl.SplitMode.UP_DOWN, slot_num=4)]):
        h = pl.matmul(x, w, out_dtype=pl.FP32)
        out[:] = pl.add(h, bias)
    return out
"""

H1_SNIPPET = """\
import pypto.language as pl
import pypto.language.distributed as pld

M = 64
N = 64


@pl.program
class NotifyPeer:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[M, N], pl.FP32],
        sig: pld.DistributedTensor[[1, 1], pl.INT32],
        out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    ) -> pl.Tensor[[M, N], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="notify_peer"):
            for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                t = pl.load(a, [0, 0], [M, N])
                out = pl.store(pl.exp(t), [0, 0], out)
                # tell the peer the rows are ready
                pld.system.notify(target=sig, peer=1, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)
        return out
"""


HAZARDS = {
    p.name: "\n".join(line for line in p.read_text(encoding="utf-8").split("\n") if not line.startswith("#"))
    for p in (Path(__file__).parents[1] / "hazards").glob("*.py")
}


@dataclass(frozen=True)
class Case:
    """One fault: the diagnostic `code` on the line containing `at`, fixed by a `kind` quick fix."""

    kind: str
    code: str
    source: str  # a corpus file name, or the program text itself
    at: str  # text on the diagnostic's line (picks it among several with the same code)
    tag: tuple[str, ...] = ()  # text on the lines that get TAG (default: the `at` line)
    # diagnostics the fix may legitimately expose (documented per case); everything else is a failure
    may_expose: frozenset[str] = field(default_factory=frozenset)
    title: str = ""  # the action's title when the engine names it (default: the fix kind's title)
    clears_all: bool = False  # one fix clears every diagnostic of this code (they share it)

    def text(self) -> str:
        """The program with TAG appended to every tagged line."""
        raw = self.source if "\n" in self.source else (CORPUS / self.source).read_text(encoding="utf-8")
        lines = raw.split("\n")
        for needle in self.tag or (self.at,):
            hits = [i for i, line in enumerate(lines) if needle in line]
            assert len(hits) == 1, f"{needle!r} must occur on exactly one line, found {len(hits)}"
            lines[hits[0]] += TAG
        return "\n".join(lines)


NEAR_MISSES = """import pypto.language as pl


@pl.jit
def f(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
        scaled = pl.mul(x, 2.0)
        out[:] = pl.exp(scalled)
    return out
"""

SYNCALL_STRING = """import pypto.language as pl


@pl.program
class Barrier:
    @pl.function(type=pl.FunctionType.InCore)
    def phases(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        pl.system.syncall(core_type="aiv_only")
        out = pl.store(pl.exp(t), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.spmd(pl.system.available_aiv_count(), sync_start=True):
            out = self.phases(x, out)
        return out
"""

UNKNOWN_OP = NEAR_MISSES.replace("pl.exp(scalled)", "pl.matmull(scaled, scaled)")

TWO_READS = """import pypto.language as pl

M = 64
N = 64


@pl.jit
def two_reads(
    x: pl.Tensor[[M, N], pl.FP16],
    w: pl.Tensor[[N, N], pl.FP16],
    out: pl.Out[pl.Tensor[[M, N], pl.FP32]],
    out2: pl.Out[pl.Tensor[[M, N], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="two_reads"):
        acc = pl.matmul(x, w, out_dtype=pl.FP32)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            y = pl.mul(acc, 0.5)
            z = pl.add(acc, y)
            out[:] = z
        out2[:] = acc
    return out
"""


CASES = [
    pytest.param(
        Case(
            "shard_at_region_top", "PTO-AV-G", "052_program_missing_shard_updown.py", "y = pl.mul(acc, 0.5)"
        ),
        id="shard_at_region_top-052",
    ),
    # Both reads of `acc` are errors; one fix at the top of the region clears both. The cube stores `acc`
    # after the region, so the shard is named `acc_shard` and `acc` itself stays the cube's value.
    pytest.param(
        Case(
            "shard_at_region_top",
            "PTO-AV-G",
            TWO_READS,
            "y = pl.mul(acc, 0.5)",
            tag=("y = pl.mul(acc", "z = pl.add(acc"),
            clears_all=True,
        ),
        id="shard_at_region_top-two-reads",
    ),
    pytest.param(
        Case(
            "insert_aic_gather",
            "PTO-AV-F",
            "057_jit_tensor_missing_gather.py",
            at="o = pl.matmul(s, v",
            tag=("s = pl.mul(h, 0.25)",),  # the gather goes after this line's end
        ),
        id="insert_aic_gather-057",
    ),
    pytest.param(
        Case(
            "insert_aic_gather",
            "PTO-AV-F",
            "056_program_missing_gather_move_left.py",
            at="pl_left = pl.move(p,",
            tag=("p = pl.exp(sv)",),
        ),
        id="insert_aic_gather-056",
    ),
    pytest.param(
        Case(
            "wrap_split_aiv_none",
            "PTO-AV-E",
            "044_program_vector_mul_before_region.py",
            "bs = pl.mul(bt, 0.5)",
            # the new region reuses a lane index the function reads, or `_` with its noqa: no new warning
        ),
        id="wrap_split_aiv_none-044",
    ),
    pytest.param(
        Case(
            "wrap_split_aiv_none",
            "PTO-AV-E",
            "045_jit_tensor_add_after_region.py",
            "r = pl.add(e, resid)",
        ),
        id="wrap_split_aiv_none-045",
    ),
    pytest.param(
        Case("wrap_pl_at", "PTO-F13", "041_jit_mul_outside_at.py", "scaled = pl.mul(x, 2.0)"),
        id="wrap_pl_at-041",
    ),
    # the region holds only the moved statement: it keeps a `pass` (an empty body is a syntax error)
    pytest.param(
        Case(
            "move_out_of_region",
            "PTO-AV-A",
            "050_program_matmul_in_region_in_loop.py",
            "acc = pl.matmul_acc(",
        ),
        id="move_out_of_region-050",
    ),
    # 048 has two PTO-AV-A (matmul and store); each fix removes its own and leaves the other
    pytest.param(
        Case(
            "move_out_of_region", "PTO-AV-A", "048_program_matmul_inside_updown_region.py", "c = pl.matmul(al"
        ),
        id="move_out_of_region-048-matmul",
    ),
    # the store reads `c` from the matmul above it in the region, so it moves after the region
    pytest.param(
        Case("move_out_of_region", "PTO-AV-A", "048_program_matmul_inside_updown_region.py", "pl.store(c,"),
        id="move_out_of_region-048-store",
    ),
    pytest.param(
        Case(
            "rewrite_split_slot_num",
            "PTO-O13",
            O13_SNIPPET,
            "slot_num=4",
        ),
        id="rewrite_split_slot_num-snippet",
    ),
    # the list already has pl.cross_core_slot(...): the fix only drops slot_num= (no duplicate entry)
    pytest.param(
        Case(
            "rewrite_split_slot_num",
            "PTO-O13",
            "077_program_split_slot_num_and_cross_core_slot.py",
            "optimizations=[pl.split(pl.SplitMode.UP_DOWN, slot_num=4)",
        ),
        id="rewrite_split_slot_num-077",
    ),
    pytest.param(
        Case(
            "inline_optimizations",
            "PTO-O1",
            "079_program_optimizations_list_variable.py",
            "optimizations=FUSED_OPTS",
        ),
        id="inline_optimizations-079-O1",
    ),
    pytest.param(
        Case(
            "inline_optimizations",
            "PTO-O5",
            "080_jit_optimizations_entry_variable.py",
            "optimizations=[ROW_SPLIT]",
        ),
        id="inline_optimizations-080-O5",
    ),
    pytest.param(
        Case("remove_aiv_shard", "PTO-AV-D1", "061_program_shard_of_region_exp.py", "es = pl.aiv_shard(e)"),
        id="remove_aiv_shard-061",
    ),
    # Without the (invalid) shard, `bh` is the full [64, 64] bias while `h` is the [32, 64] lane half,
    # so `pl.add(h, bh)` is now a shape error (PTO-F15) on the next line. That is the program's real
    # bug surfacing, not the fix's: the bias has to be loaded per lane (rows aiv_id * M // 2).
    pytest.param(
        Case(
            "remove_aiv_shard",
            "PTO-AV-D1",
            "059_program_shard_of_loaded_bias.py",
            "bh = pl.aiv_shard(bt)",
            may_expose=frozenset({"PTO-F15"}),
        ),
        id="remove_aiv_shard-059",
    ),
    pytest.param(
        Case("shard_notify_by_aiv_id", "PTO-H1", H1_SNIPPET, "pld.system.notify("),
        id="shard_notify_by_aiv_id-snippet",
    ),
    pytest.param(
        Case("suggest_text", "PTO-F6", NEAR_MISSES, "pl.exp(scalled)", title="Change to 'scaled'"),
        id="suggest_text-F6-near-miss",
    ),
    pytest.param(
        Case("suggest_text", "PTO-F1", UNKNOWN_OP, "pl.matmull(", title="Did you mean 'pl.matmul'?"),
        id="suggest_text-F1-did-you-mean",
    ),
    pytest.param(
        Case(
            "replace_text", "PTO-SP5", SYNCALL_STRING, 'core_type="aiv_only"', title="Use pl.KernelType.AIV"
        ),
        id="replace_text-SP5-enum",
    ),
    pytest.param(
        Case(
            "insert_statement",
            "PTO-MK17",
            "090_program_pipe_missing_tfree_aiv.py",
            "pl.tpop_from_aic(split=0)",
            title="Free the tile: pl.system.tfree_to_aic(c)",
        ),
        id="insert_statement-MK17-090",
    ),
    pytest.param(
        Case(
            "insert_statement",
            "PTO-MK17",
            "091_program_pipe_missing_tfree_aic_loop.py",
            "pl.tpop_from_aiv(split=0)",
            title="Free the tile: pl.system.tfree_to_aiv(t)",
        ),
        id="insert_statement-MK17-091-loop",
    ),
    pytest.param(
        Case(
            "suggest_text",
            "PTO-H7",
            HAZARDS["h7_literal_width.py"],
            "with pl.spmd(24, sync_start=True):",
            title="Launch on pl.system.available_cluster_count()",
        ),
        id="suggest_text-H7-literal-width",
    ),
    pytest.param(
        Case(
            "replace_text",
            "PTO-H8",
            HAZARDS["h8_cacheinvalid_region.py"],
            "pl.system.cacheinvalid(ws,",
            title="Use the whole-GM form pl.system.cacheinvalid()",
        ),
        id="replace_text-H8-whole-gm",
    ),
]


REGION = """\
import pypto.language as pl


def k(a, b, out):
    with pl.at(level=pl.Level.CORE_GROUP):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            c = pl.matmul(a, b)  # line 7
            d = pl.matmul(c, b)  # line 8: needs c, feeds e
            e = pl.exp(d)
            out = pl.store(e, [aiv_id, 0], out)  # line 10: reads the lane index
    return out
"""


def _move(line: int) -> str | None:
    index = LineIndex(REGION, "utf-16")
    fix = MoveOutOfRegion(Span(line, 12, line, len(index.line_text(line))), 6)
    built = build_edits(fix, index, REGION)
    return None if built is None else apply_text_edits(REGION, built, "utf-16")


def test_move_out_of_region_refuses_to_break_data_flow() -> None:
    moved = _move(7)
    assert moved is not None
    assert moved.split("\n")[5:7] == [
        "        c = pl.matmul(a, b)  # line 7",
        "        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):",
    ]
    assert _move(8) is None  # neither before (reads c) nor after (e reads d) the region
    assert _move(10) is None  # the lane index exists only inside the region


def test_every_fix_kind_has_a_case() -> None:
    covered = {p.values[0].kind for p in CASES if isinstance(p.values[0], Case)}
    assert covered == set(BUILDERS)


@pytest.mark.parametrize("case", CASES)
async def test_quick_fix_removes_its_diagnostic(editor: LanguageClient, tmp_path: Path, case: Case) -> None:
    encoding = _ENCODING[editor]
    text = case.text()
    uri = tmp_uri(tmp_path, "fault.py")
    open_doc(editor, uri, text)
    before = (await wait_published(editor, uri, 1, timeout=30)).diagnostics

    line_of = {d.range.start.line: text.split("\n")[d.range.start.line] for d in before}
    targets = [d for d in before if d.code == case.code and case.at in line_of[d.range.start.line]]
    assert len(targets) == 1, f"expected one {case.code} on the {case.at!r} line, got {before}"
    target = targets[0]
    kinds = [f["kind"] for f in (target.data or {}).get("fixes", [])]
    assert case.kind in kinds, f"{case.code} offers fixes of kinds {kinds}, not {case.kind}"

    actions = await editor.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=target.range,
            context=types.CodeActionContext(diagnostics=[target], only=[types.CodeActionKind.QuickFix]),
        )
    )
    title = case.title or KINDS[case.kind].title
    offered = [a for a in actions or [] if isinstance(a, types.CodeAction) and a.title == title]
    assert len(offered) == 1, f"no single {title!r} action among {actions}"
    action = offered[0]
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.diagnostics and action.diagnostics[0].code == case.code
    assert action.edit is not None
    fixed = apply_workspace_edit(action.edit, uri, 1, text, encoding)

    editor.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    after = (await wait_published(editor, uri, 2, timeout=30)).diagnostics

    old = Counter(_key(d, text, encoding) for d in before)
    new = Counter(_key(d, fixed, encoding) for d in after)
    gone = _key(target, text, encoding)
    assert gone not in new, f"{case.code} is still reported after the fix:\n{fixed}"
    same_code = {k: n for k, n in new.items() if k[0] == case.code}
    expected = {} if case.clears_all else {k: n for k, n in old.items() if k[0] == case.code and k != gone}
    assert same_code == expected
    appeared = [k for k in new - old if k[0] not in case.may_expose]
    assert not appeared, f"the fix introduced {appeared}:\n{fixed}"
    for code in case.may_expose:  # a documented exposure must really happen, or the case is stale
        assert any(k[0] == code for k in new - old), f"{code} no longer follows the fix; update the case"
    assert _comments(fixed) == _comments(text), f"the fix changed comments:\n{fixed}"
    assert TAG.strip() in fixed


async def _fix_all(editor: LanguageClient, uri: str) -> list[types.CodeAction | types.Command]:
    return (
        await editor.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=types.Range(
                    start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
                ),
                context=types.CodeActionContext(diagnostics=[], only=["source.fixAll.pypto"]),
            )
        )
        or []
    )


async def test_fix_all_applies_only_the_safe_fixes(editor: LanguageClient, tmp_path: Path) -> None:
    """`source.fixAll.pypto` applies what `check --fix` applies: the slot_num rewrite, not the did-you-mean
    rename of an unknown op (it changes what the program does), which stays a quick fix."""
    encoding = _ENCODING[editor]
    text = O13_SNIPPET.replace(
        "        out[:] = pl.add(h, bias)\n", "        out[:] = pl.add(h, bias)\n        pl.matmull(h, h)\n"
    )
    uri = tmp_uri(tmp_path, "all.py")
    open_doc(editor, uri, text)
    before = (await wait_published(editor, uri, 1, timeout=30)).diagnostics
    assert {"PTO-O13", "PTO-F1"} <= {str(d.code) for d in before}
    (action,) = await _fix_all(editor, uri)
    assert isinstance(action, types.CodeAction) and action.kind == "source.fixAll.pypto"
    assert [str(d.code) for d in action.diagnostics or ()] == ["PTO-O13"]
    assert action.edit is not None
    fixed = apply_workspace_edit(action.edit, uri, 1, text, encoding)
    assert "pl.cross_core_slot(slot_num=4)" in fixed and "pl.matmull(h, h)" in fixed
    editor.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    after = {str(d.code) for d in (await wait_published(editor, uri, 2, timeout=30)).diagnostics}
    assert "PTO-O13" not in after and "PTO-F1" in after


async def test_fix_all_is_not_offered_for_placement_fixes(editor: LanguageClient, tmp_path: Path) -> None:
    """Sharding a value at a region top changes placement: a quick fix to review, never part of fix-all."""
    text = TWO_READS.replace("        out2[:] = acc\n", "")
    uri = tmp_uri(tmp_path, "placement.py")
    open_doc(editor, uri, text)
    before = (await wait_published(editor, uri, 1, timeout=30)).diagnostics
    assert [d.code for d in before].count("PTO-AV-G") == 2
    assert await _fix_all(editor, uri) == []
