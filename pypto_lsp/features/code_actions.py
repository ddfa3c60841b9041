"""Quick fixes: each engine Fix kind becomes a short function that returns minimal text edits."""

from __future__ import annotations

import io
import logging
import tokenize
from collections.abc import Callable
from typing import Any

from lsprotocol import types

from compiler import catalog, fixes
from compiler.analysis import Analysis
from compiler.fixes import Fix
from compiler.frontend.units import string_lines
from compiler.source import Span, python_text
from compiler.suppressions import directives
from pypto_lsp.config import Settings
from pypto_lsp.features import diagnostics as diag_feature
from pypto_lsp.features import edits
from pypto_lsp.positions import LineIndex

log = logging.getLogger(__name__)

Builder = Callable[[Any, LineIndex, str], list[types.TextEdit] | None]
"""The text edits of one fix kind (its dataclass in compiler/fixes.py), or None when the text does not fit."""

BUILDERS: dict[str, Builder] = {}
"""One code-action function per fix kind of compiler/fixes.py, by kind."""


def builds(*kinds: type[Fix]) -> Callable[[Builder], Builder]:
    """Register the code-action function of these fix kinds."""

    def register(builder: Builder) -> Builder:
        for kind in kinds:
            BUILDERS[kind.kind] = builder
        return builder

    return register


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


@builds(fixes.InsertAicGather)
def _insert_aic_gather(
    fix: fixes.InsertAicGather, index: LineIndex, text: str
) -> list[types.TextEdit] | None:
    if not fix.value:
        return None
    line = f"{edits.indent_of(index.line_text(fix.span.line))}{fix.value} = pl.aic_gather({fix.value})"
    return [edits.insert_after_line(index, fix.span.end_line, line, _newline(text))]


@builds(fixes.ShardAtRegionTop)
def _shard_at_region_top(
    fix: fixes.ShardAtRegionTop, index: LineIndex, text: str
) -> list[types.TextEdit] | None:
    value, shard = fix.value, fix.shard_name or fix.value
    if not value:
        return None
    header_end, last = fix.span.end_line, fix.region_end
    body_line = next((n for n in range(header_end + 1, last + 1) if index.line_text(n).strip()), None)
    if body_line is None:
        return None
    indent = edits.indent_of(index.line_text(body_line))
    nl = _newline(text)
    out = [edits.insert_after_line(index, header_end, f"{indent}{shard} = pl.aiv_shard({value})", nl)]
    if shard != value:
        renamed = _rename_reads(index, header_end + 1, last, value, shard)
        if renamed is None:
            return None
        out.extend(renamed)
    return out


def _rename_reads(index: LineIndex, first: int, last: int, old: str, new: str) -> list[types.TextEdit] | None:
    """Edits renaming every read of `old` in lines first..last; None when the block assigns `old` itself."""
    block = "\n".join(index.line_text(n) for n in range(first, last + 1)) + "\n"
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(block).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    out: list[types.TextEdit] = []
    for i, tok in enumerate(tokens):
        if tok.type != tokenize.NAME or tok.string != old:
            continue
        before = tokens[i - 1].string if i else ""
        after = tokens[i + 1].string if i + 1 < len(tokens) else ""
        if before == ".":
            continue
        if after == "=":
            # `old = ...` rebinds it in the region (renaming would change the program); `f(old=...)` is a
            # keyword, not a read.
            if before in ("(", ","):
                continue
            return None
        line = first + tok.start[0] - 1
        span = Span(line, tok.start[1], line, tok.end[1])
        out.append(edits.replace(index, span, new))
    return out


@builds(fixes.WrapSplitAivNone)
def _wrap_split_aiv_none(fix: fixes.WrapSplitAivNone, index: LineIndex, text: str) -> list[types.TextEdit]:
    # The engine names a lane index the function already binds; without one, `_` would be a new unused
    # variable, so it carries its noqa.
    lane = fix.lane_var
    header = f"for {lane or '_'} in pl.split_aiv(2, mode=pl.SplitMode.NONE):" + (
        "" if lane else "  # noqa: PTO-F46"
    )
    return edits.wrap_lines(index, text, fix.span.line, fix.span.end_line, header)


@builds(fixes.WrapPlAt)
def _wrap_pl_at(fix: fixes.WrapPlAt, index: LineIndex, text: str) -> list[types.TextEdit]:
    header = "with pl.at(level=pl.Level.CORE_GROUP):"
    return edits.wrap_lines(index, text, fix.span.line, fix.span.end_line, header)


@builds(fixes.ShardNotifyByAivId)
def _shard_notify_by_aiv_id(
    fix: fixes.ShardNotifyByAivId, index: LineIndex, text: str
) -> list[types.TextEdit]:
    header = f"if {fix.lane_var or 'aiv_id'} == 0:"
    return edits.wrap_lines(index, text, fix.span.line, fix.span.end_line, header)


@builds(fixes.InsertStatement)
def _insert_statement(fix: fixes.InsertStatement, index: LineIndex, text: str) -> list[types.TextEdit] | None:
    if not fix.text:
        return None
    indent = " " * fix.indent if fix.indent is not None else edits.indent_of(index.line_text(fix.span.line))
    return [edits.insert_after_line(index, fix.span.end_line, f"{indent}{fix.text}", _newline(text))]


@builds(fixes.MoveOutOfRegion)
def _move_out_of_region(
    fix: fixes.MoveOutOfRegion, index: LineIndex, text: str
) -> list[types.TextEdit] | None:
    if fix.region_line >= fix.span.line:
        return None
    return edits.move_out_of_region(index, text, fix.span.line, fix.span.end_line, fix.region_line)


@builds(fixes.RewriteSplitSlotNum)
def _rewrite_split_slot_num(
    fix: fixes.RewriteSplitSlotNum, index: LineIndex, text: str
) -> list[types.TextEdit] | None:
    call = edits.parse_call(edits.span_text(index, fix.span))
    if call is None:
        return None
    slot = next((a for a in call.args if a.keyword is not None and a.keyword.value == "slot_num"), None)
    if slot is None:
        return None
    import libcst as cst  # only here: the server does not import libcst before a fix needs it

    kept = [a for a in call.args if a is not slot]
    if kept:  # drop the dangling comma the removed keyword leaves behind
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    split = edits.expression_code(call.with_changes(args=kept))
    if fix.cross_core_slot:  # the list already sets the count: keep that one
        return [edits.replace(index, fix.span, split)]
    slot_value = edits.expression_code(slot.value)
    return [edits.replace(index, fix.span, f"{split}, pl.cross_core_slot(slot_num={slot_value})")]


# Suggestions are the same edit, but they change what the program does (a different name, op or width):
# never applied by --fix.
@builds(fixes.ReplaceText, fixes.InlineOptimizations, fixes.SuggestText)
def _replace_with_text(
    fix: fixes.ReplaceText | fixes.SuggestText | fixes.InlineOptimizations, index: LineIndex, text: str
) -> list[types.TextEdit] | None:
    return [edits.replace(index, fix.span, fix.text)] if fix.text else None


@builds(fixes.RemoveAivShard)
def _remove_aiv_shard(fix: fixes.RemoveAivShard, index: LineIndex, text: str) -> list[types.TextEdit] | None:
    call = edits.parse_call(edits.span_text(index, fix.span))
    if call is None or not call.args:
        return None
    return [edits.replace(index, fix.span, edits.expression_code(call.args[0].value))]


def title_of(fix: Fix, code: str) -> str:
    """The user-visible title of a fix of the rule `code` (the rule's own fix title, else the kind's)."""
    return catalog.fix_title(code, fix)


def build_edits(fix: Fix, index: LineIndex, text: str) -> list[types.TextEdit] | None:
    """The text edits of a fix, or None when its kind is unknown or the text does not fit."""
    builder = BUILDERS.get(fix.kind)
    if builder is None:
        return None
    try:
        return builder(fix, index, text)
    except Exception:  # a fix that cannot be built is simply not offered
        log.exception("building fix %s failed", fix.kind)
        return None


def _fixes_from_data(data: Any, version: int | None) -> list[Fix]:
    if not isinstance(data, dict) or data.get("version") != version:
        return []  # fixes computed for another version of the text would corrupt it
    return [f for f in (diag_feature.fix_from_data(d) for d in data.get("fixes", ())) if f is not None]


def _overlaps_lines(a: types.Range, b: types.Range) -> bool:
    return a.start.line <= b.end.line and b.start.line <= a.end.line


def code_actions(
    analysis: Analysis,
    index: LineIndex,
    text: str,
    uri: str,
    version: int | None,
    params: types.CodeActionParams,
    settings: Settings,
    document_changes: bool = True,
) -> list[types.CodeAction]:
    """Quick fixes for the diagnostics in the requested range (text and analysis share `version`), and the
    file-wide `source.fixAll.pypto` action."""
    only = params.context.only
    # Fix-all is built when asked for by kind, or offered beside the quick fixes when the file has several
    # fixable diagnostics (not on every cursor move of a file with one).
    asked = only is not None and any(FIX_ALL.startswith(k) for k in only)
    several = not only and sum(1 for d in analysis.diagnostics if d.fixes) > 1
    fix_all = (
        fix_all_action(analysis, index, text, uri, version, settings, document_changes)
        if asked or several
        else None
    )
    if only and not any(types.CodeActionKind.QuickFix.value.startswith(k) for k in only):
        return [fix_all] if fix_all is not None else []
    ours = [d for d in params.context.diagnostics if d.source == diag_feature.SOURCE]
    pairs: list[tuple[types.Diagnostic, Fix]] = []
    for diag in ours:
        pairs.extend((diag, f) for f in _fixes_from_data(_plain(diag.data), version))
    if not ours:  # some clients send no context diagnostics: use the analysis itself
        for d in analysis.diagnostics:
            lsp = diag_feature.to_lsp(d, index, uri, version)
            if d.fixes and diag_feature.visible(d, settings) and _overlaps_lines(lsp.range, params.range):
                pairs.extend((lsp, f) for f in d.fixes)
    actions: list[types.CodeAction] = []
    seen: set[Fix] = set()
    for diag, fix in pairs:
        if fix in seen:
            continue
        seen.add(fix)
        text_edits = build_edits(fix, index, text)
        if not text_edits:
            continue
        actions.append(
            types.CodeAction(
                title=title_of(fix, str(diag.code)),
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diag],
                edit=_workspace_edit(uri, version, text_edits, document_changes),
            )
        )
    if len(actions) == 1:
        actions[0].is_preferred = True
    if not only or any(types.CodeActionKind.QuickFix.value.startswith(k) for k in only):
        # Built on this version's analysis: a context diagnostic the analysis no longer has gets none.
        current = [
            diag_feature.to_lsp(d, index, uri, version)
            for d in analysis.diagnostics
            if diag_feature.visible(d, settings)
        ]
        if ours:
            known = {(str(d.code), d.range.start.line) for d in current}
            silenced = [d for d in ours if (str(d.code), d.range.start.line) in known]
        else:
            silenced = [d for d in current if _overlaps_lines(d.range, params.range)]
        actions.extend(noqa_actions(silenced, index, text, uri, version, document_changes))
    if fix_all is not None and (asked or len(fix_all.diagnostics or ()) > 1):
        actions.append(fix_all)
    return actions


FIX_ALL = "source.fixAll.pypto"


def noqa_actions(
    diagnostics: list[types.Diagnostic],
    index: LineIndex,
    text: str,
    uri: str,
    version: int | None,
    document_changes: bool = True,
) -> list[types.CodeAction]:
    """ "Disable PTO-XXX for this line": add `# noqa: PTO-XXX` at the end of the diagnostic's first line, or
    extend the `# noqa: ...` already there, as ruff's server does."""
    out: list[types.CodeAction] = []
    seen: set[tuple[str, int]] = set()
    in_string = string_lines(python_text(text)) if ('"""' in text or "'''" in text) else frozenset()
    for diag in diagnostics:
        code = str(diag.code) if diag.code is not None else ""
        line = diag.range.start.line + 1
        if not code.startswith("PTO-") or (code, line) in seen:
            continue
        seen.add((code, line))
        edit = noqa_edit(index, line, code, line in in_string)  # the next line (0-based `line`) in a string
        if edit is None:
            continue
        out.append(
            types.CodeAction(
                title=f"Disable {code} for this line",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diag],
                edit=_workspace_edit(uri, version, [edit], document_changes),
            )
        )
    return out


def noqa_edit(
    index: LineIndex, line: int, code: str, continues_in_string: bool = False
) -> types.TextEdit | None:
    """The edit that silences `code` on a 1-based line; None when the line cannot carry a comment (it ends
    inside a string or with a backslash) or a directive there already silences it."""
    text = index.line_text(line)
    found = directives(text).get(1)
    if found is not None:
        span, codes = found
        if codes is None or code.upper() in codes:
            return None
        at = index.position(line, span.end_col)
        return types.TextEdit(range=types.Range(start=at, end=at), new_text=f", {code}")
    if continues_in_string or text.rstrip().endswith("\\"):
        return None
    at = index.line_end(line)
    return types.TextEdit(range=types.Range(start=at, end=at), new_text=f"  # noqa: {code}")


def fix_all_action(
    analysis: Analysis,
    index: LineIndex,
    text: str,
    uri: str,
    version: int | None,
    settings: Settings,
    document_changes: bool = True,
) -> types.CodeAction | None:
    """One action applying every safe fix of the file, as `check --fix` does (identical edits once,
    overlapping ones skipped)."""
    chosen: list[types.TextEdit] = []
    fixed: list[types.Diagnostic] = []
    taken: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for d in analysis.diagnostics:
        if not d.fixes or not diag_feature.visible(d, settings):
            continue
        for fix in d.fixes:
            if not fix.safe:  # as `check --fix`: only what restates the user's own code
                continue
            built = build_edits(fix, index, text)
            if not built:
                continue
            ranges = [_key(e) for e in built]
            if all(
                r in taken and chosen[taken.index(r)].new_text == e.new_text
                for r, e in zip(ranges, built, strict=True)
            ):
                fixed.append(diag_feature.to_lsp(d, index, uri, version))  # shares an edit already chosen
                break
            if any(_clash(r, t) for r in ranges for t in taken):
                continue
            chosen.extend(built)
            taken.extend(ranges)
            fixed.append(diag_feature.to_lsp(d, index, uri, version))
            break
    if not chosen:
        return None
    return types.CodeAction(
        title=f"Fix all pypto problems in this file ({len(fixed)})",
        kind=FIX_ALL,
        diagnostics=fixed,
        edit=_workspace_edit(uri, version, chosen, document_changes),
    )


def _key(edit: types.TextEdit) -> tuple[tuple[int, int], tuple[int, int]]:
    r = edit.range
    return (r.start.line, r.start.character), (r.end.line, r.end.character)


def _clash(a: tuple[tuple[int, int], tuple[int, int]], b: tuple[tuple[int, int], tuple[int, int]]) -> bool:
    """Two edit ranges overlap (two insertions at one point clash too: their order would be arbitrary)."""
    if a == b:
        return True
    return a[0] < b[1] and b[0] < a[1]


def _workspace_edit(
    uri: str, version: int | None, text_edits: list[types.TextEdit], document_changes: bool
) -> types.WorkspaceEdit:
    if not document_changes:
        return types.WorkspaceEdit(changes={uri: text_edits})
    doc = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version)
    return types.WorkspaceEdit(
        document_changes=[types.TextDocumentEdit(text_document=doc, edits=list(text_edits))]
    )


def _plain(data: Any) -> Any:
    """pygls may hand back Diagnostic.data as nested namedtuples; turn them into dicts."""
    if hasattr(data, "_asdict"):
        return {k: _plain(v) for k, v in data._asdict().items()}
    if isinstance(data, dict):
        return {k: _plain(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_plain(v) for v in data]
    return data
