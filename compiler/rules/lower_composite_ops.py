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
_r(
    "PTO-LC8",
    "composite-allreduce-target-layout",
    "LowerCompositeOps",
    "pld.tensor.allreduce target view only supports ND layout",
    "A pld.tensor.allreduce in InCore code whose target window is a DN (or other non-ND) view, e.g. "
    "pl.tensor.view(window, layout=pl.DN).",
    "Reduce the ND window itself (the allreduce reads the target as one row-major stream).",
)
_r(
    "PTO-LC9",
    "composite-allreduce-target-packed",
    "LowerCompositeOps",
    "pld.tensor.allreduce target shape reinterpret requires a packed source",
    "A pld.tensor.allreduce in InCore code whose target window carries explicit strides that are not the packed "
    "row-major ones of its shape (or not one per dimension), e.g. pl.TensorView(stride=[128, 1]) on [4, 64].",
    "Give the target window packed strides (e.g. [64, 1] for [4, 64]) or drop the explicit stride.",
)
_r(
    "PTO-LC10",
    "composite-allreduce-valid-2d",
    "LowerCompositeOps",
    "pld.tensor.allreduce target valid_shape cannot be represented by a single 2D view",
    'A mode="mesh" pld.tensor.allreduce in InCore code whose target\'s partial valid_shape is partial in a leading '
    "dimension below its outermost partial one (e.g. valid [2, 2, 64] of [4, 4, 64]), so the valid region is no "
    "single rectangle once the leading dimensions are folded.",
    "Make every leading dimension below the outermost partial one fully valid, or reduce each page separately.",
)
_r(
    "PTO-LC11",
    "composite-allreduce-valid-chunk",
    "LowerCompositeOps",
    "pld.tensor.allreduce partial valid_shape must fit within one 16384-byte mesh chunk using a statically bounded "
    "tile; chunking a partial rectangle with row gaps is not supported",
    'A mode="mesh" pld.tensor.allreduce in InCore code whose target has a partial valid_shape larger than 16 KiB '
    "(4096 FP32 or 8192 FP16 elements), which the mesh lowering must reduce in one tile.",
    "Reduce a partial region of at most 16 KiB per call (split it over several allreduce calls), or make the "
    "target fully valid so the lowering streams it in chunks.",
)
_r(
    "PTO-LC12",
    "composite-ring-valid-prefix",
    "LowerCompositeOps",
    "pld.tensor.allreduce mode=ring target valid_shape must be a contiguous row-major prefix",
    'A mode="ring" pld.tensor.allreduce in InCore code whose target\'s partial valid_shape is not a contiguous '
    "row-major prefix of its shape (after the first partial dimension, every dimension must be full).",
    'Make the valid region a row-major prefix (e.g. valid [2, 64] of [4, 64]), or use mode="mesh".',
)
