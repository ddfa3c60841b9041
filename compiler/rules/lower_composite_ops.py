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
    "A pld.tensor.allreduce in InCore code without an explicit signal, or with a ring signal whose first "
    "extent is not 2*(NR-1) (core_num: PTO-LC3; the mode: PTO-LC4; a ring signal that is not 2D: PTO-LC6).",
    "Pass an explicit signal window (pld.tensor.allreduce(target, signal, op=...)), shaped [2*(NR-1), NR] "
    'for mode="ring".',
)
_r(
    "PTO-LC2",
    "composite-mesh-signal",
    "LowerCompositeOps",
    "{op} signal {requirement}",
    "A collective lowered in device code (barrier, broadcast, allgather, reduce_scatter, all_to_all, "
    "all_to_all_v, mesh allreduce) whose signal window is not 2D (more than one cell per rank: PTO-LC5).",
    "Give the collective its own [NR, 1] INT32 signal window (pld.alloc_window_buffer([NR, 1], dtype=pl.INT32)).",
)
_r(
    "PTO-LC3",
    "composite-allreduce-core-num",
    "LowerCompositeOps",
    "pld.tensor.allreduce core_num > 1 is supported only in a HOST orchestrator; use an enclosing pl.spmd(...) "
    "for multi-core InCore execution",
    "A pld.tensor.allreduce with core_num above 1 in InCore code.",
    "Drop core_num= and spread the work over cores with an enclosing pl.spmd(...).",
)
_r(
    "PTO-LC4",
    "composite-allreduce-mode",
    "LowerCompositeOps",
    'pld.tensor.allreduce mode must be "ring" or "mesh", got "{mode}"',
    'A pld.tensor.allreduce in InCore code with a mode other than "ring" or "mesh".',
    'Use mode="ring" or mode="mesh".',
)
_r(
    "PTO-LC5",
    "composite-mesh-signal-cells",
    "LowerCompositeOps",
    '{op} signal shape[1] must be 1 (one cell per rank), got {cells} \u2014 a signal shaped for mode="ring" '
    "allreduce ([2*(NR-1), NR]) cannot be shared with this collective; give it its own [NR, 1] signal window",
    "A collective lowered in device code whose [NR, k] signal window has more than one cell per rank.",
)
_r(
    "PTO-LC6",
    "composite-ring-signal-rank",
    "LowerCompositeOps",
    "mode=ring signal must be 2D [2*(NR-1), NR]",
    'A mode="ring" pld.tensor.allreduce in InCore code whose signal window is not 2D.',
    "Give the ring allreduce a [2*(NR-1), NR] INT32 signal window: one row per round, one cell per rank.",
)
_r(
    "PTO-LC7",
    "composite-allgather-local-data",
    "LowerCompositeOps",
    "pld.tensor.allgather local_data must be a plain Tensor [1, SIZE] on the InCore path, got DistributedTensorType",
    "A pld.tensor.allgather in InCore code whose local_data is a window-bound DistributedTensor.",
    "Pass this rank's chunk as a plain pl.Tensor [1, SIZE] (the InCore path pushes it with pld.tile.put).",
)
