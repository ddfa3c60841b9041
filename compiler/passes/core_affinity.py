"""Affinity of op statements (reference §3): registry-driven, with the moves' crossing rule."""

from __future__ import annotations

from typing import Any

from compiler.ops.opdef import Affinity
from compiler.ops.registry import classify_affinity, get_op, has_stated_lane
from compiler.passes.model import ALIAS, SCALAR, TNode, TOp, TYield, children
from compiler.types import UNKNOWN, TileType


def op_affinity(op: TOp) -> Affinity:
    """ClassifyIntrinsicCallAffinity for a lowered op, using the spaces InferTileMemorySpace resolved."""
    # Asked for each op by the rollups, the lane split, DCE and the lints: classified once per op object
    # (ops are immutable; the entry keeps the op alive, so its id names no other op).
    found = _AFFINITIES.get(id(op))
    if found is not None and found[0] is op:
        return found[1]
    affinity = _classify(op)
    if len(_AFFINITIES) >= _MAX_AFFINITIES:
        _AFFINITIES.clear()  # a whole clear: atomic, where analyses of two documents share the table
    _AFFINITIES[id(op)] = (op, affinity)
    return affinity


_AFFINITIES: dict[int, tuple[TOp, Affinity]] = {}
_MAX_AFFINITIES = 4096  # a kernel's ops are asked about together: a small table holds them


def _classify(op: TOp) -> Affinity:
    if op.crossing is not None:
        return Affinity.MIXED
    if op.pinned == "aic":
        return Affinity.CUBE  # work the cube's write-out path does (a cast folded into FIXPIPE)
    if op.op in (ALIAS, SCALAR, "call") or op.op.startswith("tensor."):
        return Affinity.SHARED
    opdef = get_op(op.op)
    if opdef is None:
        return Affinity.SHARED
    args = [_space_tile(space) if space is not None else UNKNOWN for space in op.in_spaces]
    kwargs: dict[str, Any] = dict(op.kwargs)
    return classify_affinity(opdef, args, kwargs)


def _space_tile(space: str) -> TileType:
    """The operand tile classify_affinity reads the memory space of (one object per space)."""
    tile = _SPACE_TILES.get(space)
    if tile is None:
        tile = _SPACE_TILES[space] = TileType((), "FP32", space)
    return tile


_SPACE_TILES: dict[str, TileType] = {}


def stated_lane(op: TOp) -> bool:
    """HasStatedLane: declared affinity or a core_type-classified sync op."""
    opdef = get_op(op.op)
    return opdef is not None and has_stated_lane(opdef)


def rollup(block: tuple[TNode, ...]) -> Affinity:
    """CombineAffinity over a block (compound statements combine their children)."""
    from compiler.ops.registry import combine_affinity

    result = Affinity.SHARED
    for node in block:
        if isinstance(node, TOp):
            aff = op_affinity(node)
        elif isinstance(node, TYield):
            continue
        else:
            aff = Affinity.SHARED
            for sub in children(node):
                aff = combine_affinity(aff, rollup(sub))
        result = combine_affinity(result, aff)
    return result
