"""Quick fixes as data: one dataclass per kind, with the span it applies to, the values it needs and its title.

The engine proposes them on a diagnostic; pypto_lsp turns each kind into minimal text edits (one code-action
function per kind, `pypto_lsp/features/code_actions.py`). A rule may give its fix a title of its own
(`Rule.fix_title`, a template over the fix's values); otherwise the kind's title is shown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from compiler.source import Line, Span

KINDS: dict[str, type[Fix]] = {}
"""Every fix kind by its name (the name travels in an LSP diagnostic's data and the CLI's JSON); a kind
registers itself by subclassing Fix."""


@dataclass(frozen=True, slots=True)
class Fix:
    """A quick fix: what kind of edit, where, and the values the edit needs (the fields of the subclass)."""

    span: Span
    kind: ClassVar[str] = ""
    title: ClassVar[str] = ""
    safe: ClassVar[bool] = False  # only restates what the user wrote: `check --fix` may apply it unasked

    def __init_subclass__(cls) -> None:
        # Every kind registers itself (a slotted dataclass is created twice: the second, final class wins).
        if cls.kind:
            KINDS[cls.kind] = cls

    def values(self) -> dict[str, object]:
        """The fix's own values by name (every field but the span)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "span"}


@dataclass(frozen=True, slots=True)
class ShardAtRegionTop(Fix):
    """`shard_name = pl.aiv_shard(value)` as the first statement of the region whose header is the span, the
    region's reads of `value` renamed to `shard_name` (lines up to `region_end`)."""

    kind = "shard_at_region_top"
    title = "Shard it at the top of the region with pl.aiv_shard(...)"
    value: str
    region_end: Line
    shard_name: str


@dataclass(frozen=True, slots=True)
class InsertAicGather(Fix):
    """`value = pl.aic_gather(value)` after the statement at the span, at its indentation."""

    kind = "insert_aic_gather"
    title = "Gather the value back with pl.aic_gather(...)"
    value: str


@dataclass(frozen=True, slots=True)
class WrapSplitAivNone(Fix):
    """The statements at the span wrapped in a mode=NONE pl.split_aiv region binding `lane_var` ('' : `_`)."""

    kind = "wrap_split_aiv_none"
    title = "Wrap in a pl.split_aiv(2, mode=pl.SplitMode.NONE) region"
    lane_var: str = ""


@dataclass(frozen=True, slots=True)
class WrapPlAt(Fix):
    """The statements at the span wrapped in a `with pl.at(level=pl.Level.CORE_GROUP):` scope."""

    kind = "wrap_pl_at"
    title = "Wrap in with pl.at(level=pl.Level.CORE_GROUP)"


@dataclass(frozen=True, slots=True)
class MoveOutOfRegion(Fix):
    """The statement at the span moved before or after the region whose header is on `region_line`."""

    kind = "move_out_of_region"
    title = "Move the statement out of the region"
    region_line: Line


@dataclass(frozen=True, slots=True)
class RewriteSplitSlotNum(Fix):
    """`pl.split(MODE, slot_num=N)` at the span rewritten to `pl.split(MODE), pl.cross_core_slot(slot_num=N)`
    (only the slot_num= dropped when the list already holds a pl.cross_core_slot)."""

    kind = "rewrite_split_slot_num"
    title = "Move slot_num into pl.cross_core_slot(...)"
    safe = True
    cross_core_slot: bool = False


@dataclass(frozen=True, slots=True)
class InlineOptimizations(Fix):
    """The name at the span replaced by the literal `text` of the optimizations list it is bound to."""

    kind = "inline_optimizations"
    title = "Inline the optimizations list"
    safe = True
    text: str


@dataclass(frozen=True, slots=True)
class ReplaceText(Fix):
    """The span replaced by `text`, a spelling the compiler accepts for the same program."""

    kind = "replace_text"
    title = "Replace with the suggested code"
    safe = True
    text: str


@dataclass(frozen=True, slots=True)
class SuggestText(Fix):
    """The span replaced by `text`: a different name, op or width, so it changes what the program does."""

    kind = "suggest_text"
    title = "Replace with the suggested code"
    text: str


@dataclass(frozen=True, slots=True)
class InsertStatement(Fix):
    """The statement `text` after the line at the span, at column `indent` (None: that line's)."""

    kind = "insert_statement"
    title = "Insert the missing statement"
    text: str
    indent: int | None = None


@dataclass(frozen=True, slots=True)
class RemoveAivShard(Fix):
    """The `pl.aiv_shard(x)` call at the span replaced by its operand."""

    kind = "remove_aiv_shard"
    title = "Remove pl.aiv_shard(...)"


@dataclass(frozen=True, slots=True)
class ShardNotifyByAivId(Fix):
    """The statement at the span guarded by `if lane_var == 0:`."""

    kind = "shard_notify_by_aiv_id"
    title = "Notify from one AIV lane only"
    lane_var: str = "aiv_id"


def to_args(fix: Fix) -> tuple[tuple[str, str], ...]:
    """A fix's values as text pairs, for a client that echoes them back (see :func:`from_args`)."""
    return tuple((name, _text(value)) for name, value in fix.values().items())


def from_args(kind: str, span: Span, args: Mapping[str, str]) -> Fix | None:
    """The fix of this kind with its values read back from :func:`to_args`; None when they do not fit."""
    cls = KINDS.get(kind)
    if cls is None:
        return None
    values: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if f.name == "span" or f.name not in args:
            continue
        values[f.name] = _value(str(f.type), args[f.name])
    try:
        return cls(span, **values)
    except (TypeError, ValueError):
        return None


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _value(annotation: str, text: str) -> object:
    if annotation == "bool":
        return text == "true"
    if annotation == "Line":
        return Line(int(text))  # a ValueError: not one of ours
    if annotation.startswith("int"):
        if text == "" and "None" in annotation:
            return None
        return int(text)  # a ValueError: not one of ours
    return text
