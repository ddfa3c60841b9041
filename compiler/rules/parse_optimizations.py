"""Parser: optimizations=[...], pl.split, pl.cross_core_slot (reference §2.1.c)."""

from __future__ import annotations

from compiler.diagnostics import Note, Severity
from compiler.rules.book import RuleBook
from compiler.rules.shared import H_CROSS_CORE_SLOT

_W = Severity.WARNING


BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-O1",
    "optimizations-not-list",
    "parse",
    "{owner}(optimizations=...) must be a list literal",
    "optimizations= is not an inline list literal; owner is pl.at or pl.spmd.",
    "Use optimizations=[pl.split(pl.SplitMode.NONE)].",
)
_r(
    "PTO-O2",
    "duplicate-split",
    "parse",
    "Duplicate 'pl.split(...)' in optimizations=[...]",
    "A second pl.split in one optimizations list.",
)
_r(
    "PTO-O3",
    "slot-count-twice",
    "parse",
    "optimizations=[...] sets the cross-core slot count twice: via the deprecated pl.split(slot_num=...) "
    "and via pl.cross_core_slot(...)",
    "pl.split(..., slot_num=) and pl.cross_core_slot in one list, pl.split written second.",
    "Keep only pl.cross_core_slot(slot_num=N).",
)
_r(
    "PTO-O3b",
    "slot-count-twice-slot-last",
    "parse",
    "optimizations=[...] sets the cross-core slot count twice: via the deprecated pl.split(slot_num=...) "
    "and via pl.cross_core_slot(...)",
    "As PTO-O3, with pl.cross_core_slot written second (only the hint differs).",
    "Drop slot_num= from pl.split(...) and keep pl.cross_core_slot(slot_num=N).",
)
_r(
    "PTO-O4",
    "duplicate-cross-core-slot",
    "parse",
    "Duplicate 'pl.cross_core_slot(...)' in optimizations=[...]",
    "A second pl.cross_core_slot in one optimizations list.",
)
_r(
    "PTO-O5",
    "unsupported-optimization",
    "parse",
    "Unsupported entry in {owner}(optimizations=[...])",
    "An optimizations entry that is neither pl.split nor pl.cross_core_slot.",
    "Each entry must be pl.split(pl.SplitMode.X) or pl.cross_core_slot(slot_num=N).",
)
_r(
    "PTO-O6",
    "split-unknown-keyword",
    "parse",
    "Unknown keyword argument '{kw}' in pl.split()",
    "A keyword other than slot_num on pl.split.",
    "pl.split() accepts only the deprecated slot_num= keyword.",
)
_r(
    "PTO-O7",
    "split-arity",
    "parse",
    "pl.split() takes exactly 1 positional argument, got {n}",
    "pl.split without exactly one positional argument.",
    "Use pl.split(pl.SplitMode.NONE).",
)
_r(
    "PTO-O8",
    "cross-core-slot-positional",
    "parse",
    "pl.cross_core_slot() takes no positional arguments, got {n}",
    "Positional arguments passed to pl.cross_core_slot.",
    H_CROSS_CORE_SLOT,
)
_r(
    "PTO-O9",
    "cross-core-slot-unknown-keyword",
    "parse",
    "Unknown keyword argument '{kw}' in pl.cross_core_slot()",
    "An unknown keyword on pl.cross_core_slot (the spec adds local_slot_num= to slot_num=).",
    H_CROSS_CORE_SLOT,
)
_r(
    "PTO-O10",
    "cross-core-slot-missing-slot-num",
    "parse",
    "pl.cross_core_slot() requires the slot_num= keyword argument",
    "pl.cross_core_slot without slot_num=.",
    H_CROSS_CORE_SLOT,
)
_r(
    "PTO-O11",
    "slot-num-not-literal",
    "parse",
    "pl.cross_core_slot(slot_num=...) must be an integer literal",
    "pl.cross_core_slot(slot_num=) is not an int literal (bool rejected).",
    H_CROSS_CORE_SLOT,
)
_r(
    "PTO-O11b",
    "split-slot-num-not-literal",
    "parse",
    "pl.split(slot_num=...) must be an integer literal",
    "The deprecated pl.split(slot_num=) is not an int literal (bool rejected).",
    "Use e.g. pl.cross_core_slot(slot_num=16).",
)
_r(
    "PTO-O12",
    "slot-num-not-positive",
    "parse",
    "{api} must be positive, got {value}",
    "slot_num <= 0; api is pl.cross_core_slot(slot_num=...) or pl.split(slot_num=...).",
)
_r(
    "PTO-O13",
    "split-slot-num-deprecated",
    "parse",
    "pl.split(slot_num=...) is deprecated: the cross-core slot count is orthogonal to the split mode, and "
    "spelling it here forces a split mode you may not want (the pl.split(pl.SplitMode.NONE, slot_num=N) "
    "idiom). Use optimizations=[pl.cross_core_slot(slot_num=N)] instead, optionally alongside "
    "pl.split(MODE).",
    "DeprecationWarning for pl.split(MODE, slot_num=N); the value is still honoured.",
    "Move the count to pl.cross_core_slot(slot_num=N).",
    _W,
)
_r(
    "PTO-O14",
    "optimizations-level",
    "parse",
    "optimizations=[pl.split(...)] / optimizations=[pl.cross_core_slot(...)] are only supported with "
    "level=pl.Level.CORE_GROUP",
    "pl.at(level other than CORE_GROUP, optimizations=[...]).",
    "Use pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]).",
)
_r(
    "PTO-O15",
    "at-optimizations-twice",
    "parse",
    "pl.at() got multiple values for argument 'optimizations'",
    "optimizations= given twice on pl.at.",
)
_r(
    "PTO-O16",
    "spmd-optimizations-twice",
    "parse",
    "`optimizations=` is specified twice: on `pl.spmd(...)` and on the inner "
    "`pl.at(level=pl.Level.CORE_GROUP, ...)`",
    "pl.spmd(..., optimizations=...) around a pl.at(CORE_GROUP) carrier that has its own entry.",
    "Keep `optimizations=[...]` on the inner `pl.at(...)` carrier only.",
)
_r(
    "PTO-O16b",
    "spmd-optimizations-misplaced",
    "parse",
    "`optimizations=` belongs on the InCore scope, but the body already provides one as the inner "
    "`pl.at(level=pl.Level.CORE_GROUP, ...)`",
    "pl.spmd(..., optimizations=...) around a pl.at(CORE_GROUP) carrier without an entry.",
    "Keep `optimizations=[...]` on the inner `pl.at(...)` carrier only.",
)

# Notes: the labels of related locations.

INNER_CARRIER = Note("the inner InCore carrier")
