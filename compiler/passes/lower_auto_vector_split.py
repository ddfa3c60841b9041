"""LowerAutoVectorSplit: the region path (L-3 transpose, L-4 mixed explicit region), the AUTO
`pl.split` path (S-1 partial reduction), and the spec's crossing-mode consistency rule."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic, Related
from compiler.ops.opdef import Affinity
from compiler.ops.registry import get_op, is_boundary, reduced_axis
from compiler.passes.core_affinity import op_affinity, rollup
from compiler.passes.model import (
    BRIDGE_LOAD,
    CROSSING_MOVE,
    ENTRY_LOAD,
    Kernel,
    TLoop,
    TNode,
    TOp,
    TRegion,
    TScope,
    children,
    ops_of,
    user_name,
    walk,
    with_children,
)
from compiler.rules.lower_auto_vector_split import FULL_WIDTH_OP
from compiler.rules.shared import SPLIT_AIV_REGION
from compiler.rules.spec import EARLIER_CROSSING
from compiler.source import Line, Span
from compiler.types import Dim, TensorType, TileType, ValueType
from compiler.vocabulary import DTYPE_BITS

SPLIT_DIM = {"UP_DOWN": 0, "LEFT_RIGHT": 1}
_ADDRESS_ARG = {"tile.load": 1, "tile.slice": 2, "tile.extract": 1, "tile.gather_row": 3}
_NEUTRAL = frozenset({"tile.full", "tile.create", "tile.ci", "tile.random"})
_POSITIONAL = frozenset({"tile.ci", "tile.random"})  # generated values depend on the element position
_GENERATORS = frozenset({"tile.full", "tile.ci", "tile.random", "tile.tri"})


def _transpose_axes(op: TOp) -> tuple[object, object]:
    axes = [v for k, v in op.kwargs if k in ("axis1", "axis2")] or [c for c in op.consts[1:3]]
    return (axes[0], axes[1]) if len(axes) == 2 else (None, None)


def transpose_moves_split_axis(op: TOp, dim: int, types: Mapping[str, ValueType]) -> bool:
    """FindTransposeSplitHazard (shared by L-3 and E-1): a tile.transpose moves split data unless its axes are
    known and leave `dim` alone, or its source's `dim` is past its rank or statically 1 (no data to move)."""
    a1, a2 = _transpose_axes(op)
    if isinstance(a1, int) and isinstance(a2, int) and dim not in (a1, a2):
        return False
    source = types.get(op.operands[0]) if op.operands and op.operands[0] else None
    return not (
        isinstance(source, TileType | TensorType) and (len(source.shape) <= dim or source.shape[dim] == 1)
    )


def lower(kernel: Kernel, report: Callable[[Diagnostic], None]) -> int:
    """Run the LowerAutoVectorSplit checks on one kernel; returns the number of errors."""
    found = 0

    def error(code: str, span: Span, related: tuple[Related, ...] = (), **fields: Any) -> None:
        nonlocal found
        found += 1
        report(diagnostic(code, span, related=related, stage="LowerAutoVectorSplit", **fields))

    regions = [n for n, _ in walk(kernel.body) if isinstance(n, TRegion)]
    for region in regions:
        if region.mode not in SPLIT_DIM:
            continue
        dim = SPLIT_DIM[region.mode]
        body_ops = [op for op, _ in ops_of(region.body) if op.origin != CROSSING_MOVE]
        explicit = any(is_boundary(op.op) for op in body_ops)
        if explicit:
            offenders = _mixed_explicit(body_ops, region.lane_var)
            if offenders:
                error(
                    "PTO-L4",
                    region.header,
                    tuple(FULL_WIDTH_OP.at(o.call_span, op=o.op) for o in offenders),
                    ops=", ".join(o.op for o in offenders),
                )
        types = {op.result: op.type for op, _ in ops_of(kernel.body) if op.result}
        for op in body_ops:
            if op.op != "tile.transpose":
                continue
            if transpose_moves_split_axis(op, dim, types):
                named = bool(op.result and op.bound)
                error(
                    "PTO-L3" if named else "PTO-L3b",
                    op.call_span,
                    (SPLIT_AIV_REGION.at(region.header, mode=region.mode),),
                    mode=region.mode,
                    dim=dim,
                    **({"result": user_name(op.result)} if named else {}),
                )
                break
        if not explicit:  # the implicit path halves the region's vector statements
            _halving(body_ops, dim, error, reductions=False)
        else:
            _per_lane_extents(region, kernel, dim, error)
    found += _crossing_modes(regions, error)
    # AUTO path: a mixed kernel with a function-level pl.split(UP_DOWN / LEFT_RIGHT) and no regions.
    if kernel.split in SPLIT_DIM and not regions and rollup(kernel.body) is Affinity.MIXED:
        scope = next((n for n, _ in walk(kernel.body) if isinstance(n, TScope)), None)
        if scope is not None:  # L-7: whole-function halving does not cross a scope boundary
            error("PTO-L7", scope.header, function=kernel.name)
            return found
        _halving([op for op, _ in ops_of(kernel.body)], SPLIT_DIM[kernel.split], error, reductions=True)
    return found


def _halving(ops: list[TOp], dim: int, error: Callable[..., None], reductions: bool) -> None:
    """What halving the split axis of each VECTOR statement rejects: a partial reduction on the split axis
    (S-1, AUTO path), a position-dependent generator (S-6), and a V->C crossing of a value with a singleton
    split axis, which has no halves to gather (L-1)."""
    reduced = False
    types = {op.result: op.type for op in ops if op.result}
    tracked: dict[str, int] = {}  # a halved value's split axis, where a reshape moved it
    loaded = {op.result for op in ops if op.result and op.origin in (ENTRY_LOAD, BRIDGE_LOAD)}  # full width
    # A ragged C->V boundary that the lanes share out evenly: nothing else in the body is split on its own.
    ragged = any(
        op.origin == CROSSING_MOVE
        and op.crossing == "C2V"
        and ragged_extent(types.get(op.operands[0] or ""), dim)
        for op in ops
        if op.operands
    )
    balanced = ragged and not splits_on_its_own(ops)
    for op in ops:
        if op.origin == CROSSING_MOVE:
            source = op.operands[0] if op.operands else None
            src_type = types.get(source) if source else None
            named = isinstance(source, str) and not source.startswith("_")
            if (
                op.crossing == "V2C"
                and isinstance(src_type, TileType | TensorType)
                and src_type.rank == 2
                and src_type.shape[dim] == 1
            ):
                if named:
                    error("PTO-L1", op.call_span, value=user_name(source or ""))
                else:
                    error("PTO-L1b", op.call_span)
            elif op.crossing == "V2C" and source in tracked and tracked[source] not in (0, 1):
                if named:
                    error("PTO-L2", op.call_span, value=user_name(source or ""), dim=tracked[source])
                else:
                    error("PTO-L2b", op.call_span, dim=tracked[source])
            continue
        if op_affinity(op) is not Affinity.VECTOR:
            continue
        axis = next((tracked[o] for o in op.operands if o in tracked), dim)
        if op.op == "tile.reshape" and op.result and op.operands and op.operands[0]:
            moved = _reshape_axis(types.get(op.operands[0]), op.type, axis)
            if isinstance(moved, int) and moved != axis and balanced:
                error("PTO-S4", op.call_span, from_dim=axis, to_dim=moved)
            elif isinstance(moved, int):
                tracked[op.result] = moved
            elif moved is not None:
                code, fields = moved
                error(code, op.call_span, **fields)
            continue
        if op.op == "tile.reinterpret_view":
            source = op.operands[0] if op.operands else None
            full_width = source is None or source not in types or source in loaded
            problem = _reinterpret_problem(op, types.get(source or ""), axis, full_width)
            if problem is not None:
                error(problem, op.call_span)
        if op.result and axis != dim:
            tracked[op.result] = axis
        if reductions and not reduced and reduced_axis(op.op) == dim:
            error("PTO-S1", op.call_span, op=op.op, dim=dim)
            reduced = True
        shaped = op.type if isinstance(op.type, TileType | TensorType) and op.type.rank == 2 else None
        if op.op in _POSITIONAL and shaped is not None and shaped.shape[dim] != 1:
            error("PTO-S6", op.call_span, op=op.op)


def splits_on_its_own(ops: list[TOp]) -> bool:
    """A value the halving splits independently of the C->V boundary (a vector load, a generator) or a
    V->C gather: then a ragged boundary keeps the lanes on the box partition instead of balancing them."""
    return any(
        (op.op == "tile.load" and op.kwarg("target_memory") in (None, "Vec"))
        or op.op in _GENERATORS
        or op.crossing == "V2C"
        for op in ops
    )


_VALID_RESHAPING = frozenset({"tile.set_validshape", "tile.reshape", "tile.slice"})
_AXIS_WORD = {0: "row", 1: "column"}


def _per_lane_extents(region: TRegion, kernel: Kernel, dim: int, error: Callable[..., None]) -> None:
    """S-12 ... S-15: an explicit-boundary region whose shard has a ragged split axis (the lanes' valid extents
    differ), and a gather whose lanes are each only partly valid."""
    types = {op.result: op.type for op, _ in ops_of(kernel.body) if op.result}
    lane = region.lane_var or "aiv_id"
    localized: dict[str, tuple[Dim, Dim]] = {}  # value -> (valid extent, per-lane half) on the split axis
    stores: list[TOp] = []
    for node, _ in walk(region.body):
        if isinstance(node, TLoop):
            # Loop-carried values: init_values= pairs, and names the body reads and rebinds (non-SSA form).
            body_ops = [o for o, _ in ops_of(node.body)]
            read = {r for b in body_ops for r in (*b.reads, *b.operands) if r}
            rebound = sorted({o.result for o in body_ops if o.result and o.result in read})
            pairs = [*node.carries, *((name, name) for name in rebound)]  # (carried name, its initial value)
            carried = next(((c, init) for c, init in pairs if init in localized), None)
            if carried is not None:
                loop = "pl.while_" if node.kind == "while" else "pl.range"
                extent = _lane_extent(localized[carried[1]], lane)
                error("PTO-S12", node.header, loop=loop, iter_arg=user_name(carried[0]), extent=extent)
            continue
        if not isinstance(node, TOp):
            continue
        op = node
        source = op.operands[0] if op.operands else None
        src = types.get(source) if source else None
        ragged = ragged_extent(src, dim)
        if (
            op.op == "tile.aiv_shard"
            and op.result
            and ragged is not None
            and isinstance(src, TileType | TensorType)
        ):
            localized[op.result] = (ragged[0], _half(src.shape[dim]))
            continue
        if op.op == "tile.aic_gather" and source not in localized and ragged is not None:
            valid, half = ragged
            if isinstance(valid, int) and isinstance(half, int):
                axis = _AXIS_WORD[dim]
                error(
                    "PTO-S13", op.call_span, axis=axis, valid=valid, half=half, half_plus_valid=half + valid
                )
            continue
        consumed = next((o for o in op.operands if o in localized), None)
        if consumed is None:
            continue
        if op.op in _VALID_RESHAPING and not _widens_to_box(op, types.get(consumed)):
            error("PTO-S15", op.call_span, op=op.op, extent=_lane_extent(localized[consumed], lane))
        elif op.op == "tile.store":
            stores.append(op)
        elif op.result and op_affinity(op) is Affinity.VECTOR:
            localized[op.result] = localized[consumed]  # elementwise work keeps the per-lane extent
    ordered = [op for op, _ in ops_of(region.body) if op.op == "tile.store"]
    for store in stores:
        valid, half = localized[store.operands[0] or ""]
        later = ordered[ordered.index(store) + 1 :]
        feeds = any(len(o.operands) > 2 and o.operands[2] == store.result for o in later)
        both_lanes_hold_rows = isinstance(valid, int) and isinstance(half, int) and valid > half
        if feeds and not both_lanes_hold_rows:
            error("PTO-S14", store.call_span, extent=_lane_extent((valid, half), lane))


def _lane_extent(extent: tuple[Dim, Dim], lane: str) -> str:
    """The per-lane valid extent of a ragged shard, as the compiler prints it."""
    valid, half = extent
    return f"min(max({valid} - {lane} * {half}, 0), {half})"


def ragged_extent(value: object, dim: int) -> tuple[Dim, Dim] | None:
    """(valid extent, physical extent) on the split axis when the valid extent is narrower than the box."""
    if not isinstance(value, TileType | TensorType) or value.valid is None or value.rank != 2:
        return None
    valid, extent = value.valid[dim], value.shape[dim]
    if isinstance(valid, int) and isinstance(extent, int) and valid >= extent:
        return None
    return valid, extent


def _half(extent: Dim) -> Dim:
    return (extent + 1) // 2 if isinstance(extent, int) else extent


def _widens_to_box(op: TOp, value: object) -> bool:
    """pl.set_validshape(shard, <full box>) is the one valid-shape change a localized shard allows."""
    if op.op != "tile.set_validshape" or not isinstance(value, TileType | TensorType):
        return False
    return list(op.consts[1:3]) == list(value.shape)


def _prod(dims: Sequence[object]) -> int:
    total = 1
    for d in dims:
        total *= d if isinstance(d, int) else 0
    return total


def _reshape_axis(src: object, dst: object, axis: int) -> int | tuple[str, dict[str, Any]] | None:
    """Where a reshape moves the split axis: the result dim that holds each lane's contiguous half of every
    outer block (S-2: an odd axis keeps its lanes only on an axis of the same extent; S-3: no such dim).
    None when the shapes are not static."""
    if not (isinstance(src, TileType | TensorType) and isinstance(dst, TileType | TensorType)):
        return None
    shape, target = list(src.shape), list(dst.shape)
    if not all(isinstance(d, int) for d in (*shape, *target)) or axis >= len(shape):
        return None
    outer, extent, inner = _prod(shape[:axis]), shape[axis], _prod(shape[axis + 1 :])
    assert isinstance(extent, int)
    for u, size in enumerate(target):
        if _prod(target[:u]) != outer or size * _prod(target[u + 1 :]) != extent * inner:
            continue
        if extent % 2 == 0 and isinstance(size, int) and size % 2 == 0:
            return u
        if extent % 2 and size == extent:
            return u
    if extent % 2:
        return "PTO-S2", {"dim": axis, "extent": extent}
    return "PTO-S3", {"dim": axis}


def _reinterpret_problem(op: TOp, src: object, axis: int, full_width: bool) -> str | None:
    """S-5 / S-7 / S-8: a reinterpret_view the halving must re-derive per lane (a full-width source is sliced
    per lane first, which needs static extents)."""
    shape = op.kwarg("shape")
    if not isinstance(src, TileType | TensorType) or axis >= src.rank:
        return None
    if full_width and not isinstance(src.shape[axis], int):
        return "PTO-S7"
    if isinstance(shape, list | tuple):
        if not all(isinstance(d, int) for d in shape):
            return "PTO-S8" if full_width else None
        dtype = op.consts[1] if len(op.consts) > 1 else op.kwarg("dtype")
        name = getattr(dtype, "name", dtype)
        src_bits = DTYPE_BITS.get(src.dtype)
        dst_bits = DTYPE_BITS.get(name) if isinstance(name, str) else None
        last = src.shape[-1]
        if src_bits and dst_bits and isinstance(last, int):
            inferred = [*src.shape[:-1], last * src_bits // dst_bits]
            if list(shape) != inferred:
                return "PTO-S5"
    return None


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
        if is_boundary(op.op):
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
            if not is_boundary(op.op):
                continue
            split = region.mode != "NONE"
            if first is None:
                first = (region.mode, op)
                continue
            if (first[0] != "NONE") != split:
                error(
                    "PTO-SP1",
                    op.call_span,
                    (EARLIER_CROSSING.at(first[1].call_span, mode=first[0]),),
                    op="pl." + op.op.split(".", 1)[1],
                    mode=f"pl.SplitMode.{region.mode}",
                    earlier_op="pl." + first[1].op.split(".", 1)[1],
                    earlier_line=Line(first[1].call_span.line),
                    earlier_mode=f"pl.SplitMode.{first[0]}",
                )
                count += 1
                break
    return count


def pin_no_duplicate(kernel: Kernel) -> Kernel:
    """LowerAutoVectorSplit's placement mark: a no-duplicate op (`pld.system.notify`) inside a
    `pl.split_aiv` region is pinned to the AIV lane, so ExpandMixedKernel does not copy it to the cube."""
    pinned = {
        id(op)
        for op, region in ops_of(kernel.body)
        if region is not None and (opdef := get_op(op.op)) is not None and opdef.no_duplicate
    }
    if not pinned:
        return kernel

    def rewrite(block: tuple[TNode, ...]) -> tuple[TNode, ...]:
        out: list[TNode] = []
        for node in block:
            if isinstance(node, TOp):
                out.append(node.with_(pinned="aiv") if id(node) in pinned else node)
            else:
                out.append(with_children(node, tuple(rewrite(sub) for sub in children(node))))
        return tuple(out)

    return kernel.with_body(rewrite(kernel.body))
