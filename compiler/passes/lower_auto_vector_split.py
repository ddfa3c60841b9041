"""LowerAutoVectorSplit: the region path (L-3 transpose, L-4 mixed explicit region), the AUTO
`pl.split` path (S-1 partial reduction), and the spec's crossing-mode consistency rule."""

from __future__ import annotations

from collections.abc import Callable

from compiler.diagnostics import Diagnostic, Related, Severity
from compiler.ops.registry import Affinity
from compiler.passes.core_affinity import op_affinity, rollup
from compiler.passes.model import CROSSING_MOVE, Kernel, TOp, TRegion, ops_of, walk
from compiler.source import Span
from compiler.verifiers.aiv_split_valid import BOUNDARY, COL_REDUCE, ROW_REDUCE

SPLIT_DIM = {"UP_DOWN": 0, "LEFT_RIGHT": 1}
_ADDRESS_ARG = {"tile.load": 1, "tile.slice": 2, "tile.extract": 1, "tile.gather_row": 3}
_NEUTRAL = frozenset({"tile.full", "tile.create", "tile.ci", "tile.random"})


def _user(name: str | None) -> str:
    return (name or "?").split("__", 1)[0]


def _transpose_axes(op: TOp) -> tuple[object, object]:
    axes = [v for k, v in op.kwargs if k in ("axis1", "axis2")] or [c for c in op.consts[1:3]]
    return (axes[0], axes[1]) if len(axes) == 2 else (None, None)


def lower(kernel: Kernel, report: Callable[[Diagnostic], None], consts: dict[str, object]) -> int:
    """Run the LowerAutoVectorSplit checks on one kernel; returns the number of errors."""
    del consts
    found = 0

    def error(code: str, message: str, span: Span, related: tuple[Related, ...] = ()) -> None:
        nonlocal found
        found += 1
        report(Diagnostic(code, Severity.ERROR, message, span, None, related, (), "LowerAutoVectorSplit"))

    regions = [n for n, _ in walk(kernel.body) if isinstance(n, TRegion)]
    for region in regions:
        if region.mode not in SPLIT_DIM:
            continue
        dim = SPLIT_DIM[region.mode]
        body_ops = [op for op, _ in ops_of(region.body) if op.origin != CROSSING_MOVE]
        explicit = any(op.op in BOUNDARY for op in body_ops)
        if explicit:
            offenders = _mixed_explicit(body_ops, region.lane_var)
            if offenders:
                error(
                    "PTO-L4",
                    "LowerAutoVectorSplit: a pl.split_aiv region mixes explicit tile.aiv_shard/tile.aic_gather "
                    f"boundary ops with plain full-width vector op(s) [{', '.join(o.op for o in offenders)}] that "
                    "operate outside the per-lane half-width dataflow. The explicit boundary keeps the region in "
                    "half-width form, so these full-width ops would be left un-localized and both AIV lanes would "
                    "compute the full tile. Fix it one of three ways: (1) derive the op from the tile.aiv_shard "
                    "result; (2) localize it yourself with the region's lane index, e.g. load at 'base + aiv_id * "
                    "HALF' at the half extent — an op whose READ address references aiv_id is per-lane by "
                    "construction and is accepted. The lane reference must land in that read address (the offset "
                    "selecting which window the op reads), not in a shape, a valid_shape, or a destination slot; or "
                    "(3) remove the explicit tile.aiv_shard/tile.aic_gather and let the implicit affinity-gated path "
                    "halve the region.",
                    region.header,
                    tuple(Related(o.call_span, f"full-width '{o.op}'") for o in offenders),
                )
        for op in body_ops:
            if op.op != "tile.transpose":
                continue
            a1, a2 = _transpose_axes(op)
            if a1 == dim or a2 == dim or not isinstance(a1, int) or not isinstance(a2, int):
                result = f" (result '{_user(op.result)}')" if op.result and op.bound else ""
                error(
                    "PTO-L3",
                    f"LowerAutoVectorSplit: a pl.split_aiv({region.mode}) region contains a tile.transpose{result} "
                    f"that swaps the split axis (dim {dim}). The transpose moves the per-lane split data to the other "
                    "dimension, so the region cannot be split correctly. Fix it one of two ways: (1) remove the "
                    "transpose, e.g. replace a transpose-then-row-index with a direct column slice such as "
                    "pre[:, h:h+1]; or (2) move the transpose outside the pl.split_aiv region.",
                    op.call_span,
                    (Related(region.header, f"pl.split_aiv region ({region.mode})"),),
                )
                break
    found += _crossing_modes(regions, error)
    # AUTO path: a mixed kernel with a function-level pl.split(UP_DOWN / LEFT_RIGHT) and no regions.
    if kernel.split in SPLIT_DIM and not regions and rollup(kernel.body) is Affinity.MIXED:
        dim = SPLIT_DIM[kernel.split]
        for op, _ in ops_of(kernel.body):
            if op_affinity(op) is not Affinity.VECTOR:
                continue
            if (op.op in ROW_REDUCE and dim == 1) or (op.op in COL_REDUCE and dim == 0):
                error(
                    "PTO-S1",
                    f"SplitVectorKernel: reduce op '{op.op}' reduces on the split axis (dim {dim}); partial reduction "
                    "in a split kernel is not supported",
                    op.call_span,
                )
                break
    return found


def _mixed_explicit(ops: list[TOp], lane_var: str | None) -> list[TOp]:
    """L-4: tile-producing vector ops that neither derive from a shard nor read at a lane-derived address."""
    derived: set[str] = set()
    lane: set[str] = {lane_var} if lane_var else set()
    offenders: list[TOp] = []
    for op in ops:
        if op.op == "tile.get_subblock_idx" or (op.op in ("scalar", "alias") and lane & set(op.reads)):
            if op.result:
                lane.add(op.result)
            continue
        if op.op in BOUNDARY:
            if op.result:
                derived.add(op.result)
            continue
        if any(o in derived for o in op.operands if o):
            if op.result:
                derived.add(op.result)
            continue
        if op.op in _NEUTRAL or op.op == "tile.store" or not op.op.startswith("tile."):
            continue
        if op_affinity(op) is not Affinity.VECTOR:
            continue
        if op.op in _ADDRESS_ARG and _reads_lane(op, lane):
            if op.result:
                derived.add(op.result)
            continue
        offenders.append(op)
    return offenders


def _reads_lane(op: TOp, lane: set[str]) -> bool:
    operand_names = {o for o in op.operands if o}
    return bool(lane & (set(op.reads) - operand_names))


def _crossing_modes(regions: list[TRegion], error: Callable[..., None]) -> int:
    """Spec 004: every crossing of one function shares one pipe, split or no-split for its whole life."""
    first: tuple[str, TOp] | None = None
    count = 0
    for region in regions:
        for op, _ in ops_of(region.body):
            if op.op not in BOUNDARY:
                continue
            split = region.mode != "NONE"
            if first is None:
                first = (region.mode, op)
                continue
            if (first[0] != "NONE") != split:
                name = "pl." + op.op.split(".", 1)[1]
                earlier = "pl." + first[1].op.split(".", 1)[1]
                error(
                    "PTO-SP1",
                    f"'{name}' crosses the AIC/AIV boundary under mode={region.mode} "
                    f"({'split' if split else 'no split'}) but '{earlier}' at line {first[1].call_span.line} "
                    f"earlier in this function crosses it under mode={first[0]} "
                    f"({'no split' if split else 'split'}); all pl.aiv_shard / pl.aic_gather crossings of one "
                    "function share one cross-core pipe, which is split or no-split for its whole life",
                    op.call_span,
                    (Related(first[1].call_span, f"earlier crossing under mode={first[0]}"),),
                )
                count += 1
                break
    return count
