"""Parser: `for v in pl.split_aiv(...)` (reference §2.1.a)."""

from __future__ import annotations

from compiler.diagnostics import Note
from compiler.rules.book import RuleBook
from compiler.rules.shared import H_SA

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-P1",
    "nested-split-aiv",
    "parse",
    "nested 'for ... in pl.split_aiv(...)' is not allowed: a split_aiv body already represents the two "
    "AIV lanes, so it cannot contain another split_aiv loop",
    "A pl.split_aiv loop sits (lexically) inside another pl.split_aiv body.",
    H_SA,
)
_r(
    "PTO-P2",
    "split-with-split-aiv",
    "parse",
    "scope combines a function-level pl.split(pl.SplitMode.{mode}) (optimizations=[pl.split(...)]) with a "
    "pl.split_aiv region; these are mutually exclusive AIV-split mechanisms — the function-level split "
    "would be silently dropped (the per-region split governs the lanes)",
    "The innermost InCore scope declares optimizations=[pl.split(MODE)] (NONE included) and contains a "
    "pl.split_aiv region; mode is NONE / UP_DOWN / LEFT_RIGHT.",
    "Remove optimizations=[pl.split(...)] or the pl.split_aiv region. To pin a custom cross-core slot "
    "count, use optimizations=[pl.cross_core_slot(slot_num=N)], which is orthogonal to splitting. " + H_SA,
)
_r(
    "PTO-P3",
    "split-aiv-loop-target",
    "parse",
    "for ... in pl.split_aiv(...) must use a single loop variable",
    "The pl.split_aiv loop target is not a plain name.",
    H_SA,
)
_r(
    "PTO-P4",
    "split-aiv-loop-keyword",
    "parse",
    "pl.split_aiv() loop form does not accept '{kw}='",
    "A loop keyword (init_values, chunk, chunk_policy, attrs, step, stage) on pl.split_aiv.",
    H_SA,
)
_r(
    "PTO-P5",
    "split-aiv-optimizations",
    "parse",
    "pl.split_aiv() does not accept 'optimizations=' — pl.split_aiv() IS the split declaration; a "
    "co-present pl.split(...) is a conflicting split spec",
    "optimizations= given on pl.split_aiv itself.",
    H_SA,
)
_r(
    "PTO-P6",
    "split-aiv-arity",
    "parse",
    "pl.split_aiv() takes exactly one positional argument (n, the AIV sub-core count)",
    "pl.split_aiv was not given exactly one positional argument.",
    H_SA,
)
_r(
    "PTO-P7",
    "split-aiv-count",
    "parse",
    "pl.split_aiv(n) requires n == 2 (AIV sub-core count is hardware-fixed at 2), got {n}",
    "pl.split_aiv(n) with n other than the literal 2 (n is the value or the printed expression).",
    H_SA,
)
_r(
    "PTO-P8",
    "split-aiv-kwargs-splat",
    "parse",
    "pl.split_aiv() does not accept **kwargs; pass n (positional) and mode= explicitly",
    "**kwargs passed to pl.split_aiv.",
    H_SA,
)
_r(
    "PTO-P9",
    "split-aiv-unknown-keyword",
    "parse",
    "pl.split_aiv() got unexpected keyword argument '{kw}'",
    "An unknown keyword on pl.split_aiv.",
    H_SA,
)
_r(
    "PTO-P10",
    "split-aiv-missing-mode",
    "parse",
    "pl.split_aiv() requires mode= (e.g. mode=pl.SplitMode.NONE for task-parallel, or pl.SplitMode.UP_DOWN "
    "/ pl.SplitMode.LEFT_RIGHT for data-parallel halving)",
    "pl.split_aiv without mode=.",
    H_SA,
)
_r(
    "PTO-P11",
    "split-aiv-loop-control",
    "parse",
    "'{keyword}' not supported inside a 'for ... in pl.split_aiv(...)' body",
    "break / continue whose innermost loop is a pl.split_aiv body (InvalidOperationError).",
    "'{keyword}' can only be used in sequential (pl.range) or while loops; a pl.split_aiv body is a scope "
    "over the two AIV lanes, not a loop",
)
_r(
    "PTO-P12",
    "unknown-split-mode",
    "parse",
    "Unknown SplitMode value: {value}",
    "A pl.SplitMode member that does not exist (no span upstream; the SplitMode case of PTO-F7).",
    "Valid values: NONE, UP_DOWN, LEFT_RIGHT",
)
_r(
    "PTO-P12b",
    "split-mode-not-enum",
    "parse",
    "Expected pl.SplitMode.<name>",
    "A split mode that is not spelled pl.SplitMode.<name> (the SplitMode case of PTO-F8).",
    "Use pl.SplitMode.<name>.",
)

# Notes: the labels of related locations.

ENCLOSING_REGION = Note("enclosing pl.split_aiv region")
SPLIT_SCOPE = Note("the scope that declares pl.split(...)")
