"""Quick fixes: each engine Fix kind becomes a short function that returns minimal text edits."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import libcst as cst
from lsprotocol import types

from compiler.analysis import Analysis
from compiler.diagnostics import Fix
from pypto_lsp.config import Settings
from pypto_lsp.features import diagnostics as diag_feature
from pypto_lsp.features import edits
from pypto_lsp.positions import LineIndex

log = logging.getLogger(__name__)

Builder = Callable[[Fix, LineIndex, str], list[types.TextEdit] | None]


def _wrap_aiv_shard(fix: Fix, index: LineIndex, text: str) -> list[types.TextEdit]:
    value = fix.arg("value") or edits.span_text(index, fix.span)
    return [edits.replace(index, fix.span, f"pl.aiv_shard({value})")]


def _fix_indent(fix: Fix, index: LineIndex) -> str:
    raw = fix.arg("indent")
    if raw.isdigit():
        return " " * int(raw)
    if raw and not raw.strip():
        return raw
    return edits.indent_of(index.line_text(fix.span.line))


def _insert_aic_gather(fix: Fix, index: LineIndex, text: str) -> list[types.TextEdit] | None:
    value = fix.arg("value")
    if not value:
        return None
    line = f"{_fix_indent(fix, index)}{value} = pl.aic_gather({value})"
    nl = "\r\n" if "\r\n" in text else "\n"
    return [edits.insert_after_line(index, fix.span.end_line, line, nl)]


def _wrapper(header: Callable[[Fix], str]) -> Builder:
    def build(fix: Fix, index: LineIndex, text: str) -> list[types.TextEdit]:
        return edits.wrap_lines(index, text, fix.span.line, fix.span.end_line, header(fix))

    return build


def _move_out_of_region(fix: Fix, index: LineIndex, text: str) -> list[types.TextEdit] | None:
    region_line = fix.arg("region_line")
    if not region_line.isdigit() or int(region_line) >= fix.span.line:
        return None
    return edits.move_out_of_region(index, text, fix.span.line, fix.span.end_line, int(region_line))


def _rewrite_split_slot_num(fix: Fix, index: LineIndex, text: str) -> list[types.TextEdit] | None:
    call = edits.parse_call(edits.span_text(index, fix.span))
    if call is None:
        return None
    slot = next((a for a in call.args if a.keyword is not None and a.keyword.value == "slot_num"), None)
    if slot is None:
        return None
    kept = [a for a in call.args if a is not slot]
    if kept:  # drop the dangling comma the removed keyword leaves behind
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    split = edits.expression_code(call.with_changes(args=kept))
    if fix.arg("cross_core_slot") == "present":  # the list already sets the count: keep that one
        return [edits.replace(index, fix.span, split)]
    slot_value = edits.expression_code(slot.value)
    return [edits.replace(index, fix.span, f"{split}, pl.cross_core_slot(slot_num={slot_value})")]


def _inline_optimizations(fix: Fix, index: LineIndex, text: str) -> list[types.TextEdit] | None:
    literal = fix.arg("text")
    return [edits.replace(index, fix.span, literal)] if literal else None


def _remove_aiv_shard(fix: Fix, index: LineIndex, text: str) -> list[types.TextEdit] | None:
    call = edits.parse_call(edits.span_text(index, fix.span))
    if call is None or not call.args:
        return None
    return [edits.replace(index, fix.span, edits.expression_code(call.args[0].value))]


BUILDERS: dict[str, tuple[str, Builder]] = {
    "wrap_aiv_shard": ("Shard the operand with pl.aiv_shard(...)", _wrap_aiv_shard),
    "insert_aic_gather": ("Gather the value back with pl.aic_gather(...)", _insert_aic_gather),
    "wrap_split_aiv_none": (
        "Wrap in a pl.split_aiv(2, mode=pl.SplitMode.NONE) region",
        _wrapper(lambda f: "for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):"),
    ),
    "wrap_pl_at": (
        "Wrap in with pl.at(level=pl.Level.CORE_GROUP)",
        _wrapper(lambda f: "with pl.at(level=pl.Level.CORE_GROUP):"),
    ),
    "move_out_of_region": ("Move the statement out of the region", _move_out_of_region),
    "rewrite_split_slot_num": (
        "Move slot_num into pl.cross_core_slot(...)",
        _rewrite_split_slot_num,
    ),
    "inline_optimizations": ("Inline the optimizations list", _inline_optimizations),
    "replace_text": ("Replace with the suggested code", _inline_optimizations),
    "remove_aiv_shard": ("Remove pl.aiv_shard(...)", _remove_aiv_shard),
    "shard_notify_by_aiv_id": (
        "Notify from one AIV lane only",
        _wrapper(lambda f: f"if {f.arg('lane_var') or 'aiv_id'} == 0:"),
    ),
}


def title_of(fix: Fix) -> str:
    """The user-visible title of a fix (the engine may supply its own in args 'title')."""
    return fix.arg("title") or BUILDERS.get(fix.kind, (fix.kind, None))[0]


def build_edits(fix: Fix, index: LineIndex, text: str) -> list[types.TextEdit] | None:
    """The text edits of a fix, or None when its kind is unknown or the text does not fit."""
    entry = BUILDERS.get(fix.kind)
    if entry is None:
        return None
    try:
        return entry[1](fix, index, text)
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
    """Quick fixes for the diagnostics in the requested range (text and analysis share `version`)."""
    only = params.context.only
    if only and not any(types.CodeActionKind.QuickFix.value.startswith(k) for k in only):
        return []
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
                title=title_of(fix),
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diag],
                edit=_workspace_edit(uri, version, text_edits, document_changes),
            )
        )
    if len(actions) == 1:
        actions[0].is_preferred = True
    return actions


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
