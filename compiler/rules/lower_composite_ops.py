"""LowerCompositeOps: the composite collectives lowered inside device (non-host) functions."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-LC1",
    "composite-allreduce",
    "LowerCompositeOps",
    "pld.tensor.allreduce {requirement}",
    "A pld.tensor.allreduce in InCore code that its composite lowering rejects: no explicit signal, core_num "
    'above 1, a mode other than "ring" / "mesh", or a ring signal whose shape is not [2*(NR-1), NR] INT32.',
    "Pass an explicit signal window (pld.tensor.allreduce(target, signal, op=...)); spread work over cores "
    'with pl.spmd instead of core_num; use mode="ring" or mode="mesh".',
)
