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
_r(
    "PTO-LC2",
    "composite-mesh-signal",
    "LowerCompositeOps",
    "{op} signal {requirement}",
    "A collective lowered in device code (barrier, broadcast, allgather, reduce_scatter, all_to_all, "
    "all_to_all_v, mesh allreduce) whose signal window is not [NR, 1]: its lowering keeps one cell per rank.",
    "Give the collective its own [NR, 1] INT32 signal window (pld.alloc_window_buffer([NR, 1], dtype=pl.INT32)).",
)
