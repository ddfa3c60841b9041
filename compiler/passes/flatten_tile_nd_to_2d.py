"""FlattenTileNdTo2D: hardware tiles are 2D, so >2D tiles are flattened; ops that cannot be are rejected.

Only the rank is needed (symbolic dimensions never cause an error here): tile.read / tile.write /
tile.slice on a >2D tile (FT-6) and a >2D transpose involving a batch axis (FT-7).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic, Problem
from compiler.ops.deducers.core import broadcast_shapes
from compiler.ops.lowering import REDEDUCED, as_tile, deduce_error, flattened
from compiler.ops.registry import get_op
from compiler.passes.model import Kernel, TOp, ops_of
from compiler.types import ArgValue, ScalarType, TensorType, TileType

_NO_ND = frozenset({"tile.read", "tile.write", "tile.slice"})
# Accumulating matmuls whose >2D form FlattenTileNdTo2D unrolls per batch (slices and assembles of the Acc
# accumulator, which then crosses back into Acc: PTO-E10).
_ACC_MATMULS = frozenset({"tile.batch_matmul_acc", "tile.matmul_acc"})


def flatten(kernel: Kernel, types: Mapping[str, object], report: Callable[[Diagnostic], None]) -> int:
    """Check every tile op of a kernel against the 2D flattening rules; returns the number of errors."""
    found, overflowed = 0, False
    for op, _ in ops_of(kernel.body):
        if op.op == "tile.assemble":
            fault = _nd_assemble_fault(op, types)
            if fault is not None:
                report(fault)
                found += 1
                continue
        overflow = _merged_overflow(op, types) if not overflowed else None
        if overflow is not None:
            report(overflow)  # the rewrite stops at its first overflow
            overflowed = True
            found += 1
            continue
        problem = _flattened_problem(op, types)
        if problem is not None:
            report(diagnostic("PTO-FT8", op.call_span, detail=problem))
            found += 1
            continue
        rank = _input_rank(op, types)
        if rank is None or rank <= 2:
            continue
        if op.op in _NO_ND:
            report(diagnostic("PTO-FT6", op.call_span, op=op.op))
            found += 1
        elif op.op == "tile.transpose":
            a, b = (*op.consts[1:3], None, None)[:2]
            if isinstance(a, int) and isinstance(b, int) and {a % rank, b % rank} != {rank - 2, rank - 1}:
                report(diagnostic("PTO-FT7", op.call_span, a=a, b=b, n=rank))
                found += 1
    return found


def _shape_text(shape: tuple[object, ...]) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"


def _nd_assemble_fault(op: TOp, types: Mapping[str, object]) -> Diagnostic | None:
    """FT-10 / FT-11 / FT-12: PreconditionAnalysis's CheckNdAssemble on a tile.assemble into a >2D tile (the
    offset's rank, the source's rank, and a written region that collapses to one row band)."""
    target = types.get(op.operands[0]) if op.operands and op.operands[0] else None
    source = types.get(op.operands[1]) if len(op.operands) > 1 and op.operands[1] else None
    if not isinstance(target, TileType) or target.rank <= 2 or not isinstance(source, TileType):
        return None
    offset = op.consts[2] if len(op.consts) > 2 else None
    if isinstance(offset, tuple) and len(offset) != target.rank:
        return diagnostic("PTO-FT10", op.call_span, rank=target.rank, n=len(offset))
    if source.rank != target.rank:
        return diagnostic(
            "PTO-FT11", op.call_span, rank=target.rank, n=source.rank, shape=_shape_text(source.shape)
        )
    if not all(isinstance(d, int) for d in (*source.shape, *target.shape)):
        return None  # AreExprsEqual on symbolic extents: not decided here
    past = False
    for part, full in zip(source.shape[:-1], target.shape[:-1], strict=True):
        if past and part != full:
            return diagnostic(
                "PTO-FT12", op.call_span, source=_shape_text(source.shape), target=_shape_text(target.shape)
            )
        past = past or part != 1
    return None


_INT64_MAX = 2**63 - 1


def _merged_overflow(op: TOp, types: Mapping[str, object]) -> Diagnostic | None:
    """FT-13: ComputeMergedShape folding a >2D tile's leading dimensions into one row count overflows int64
    (the rewrite of the op's result tile; of its tile operand for tile.store)."""
    if op.op == "tile.store":
        value = types.get(op.operands[0]) if op.operands and op.operands[0] else None
        context = "tile.store tile operand"
    else:
        value, context = op.type, ("tile.load result" if op.op == "tile.load" else op.op)
    if not op.op.startswith("tile.") or not isinstance(value, TileType) or value.rank <= 2:
        return None
    merged = 1
    for dim in value.shape[:-1]:
        if not isinstance(dim, int) or dim <= 0:
            return None
        if merged > _INT64_MAX // dim:
            return diagnostic("PTO-FT13", op.call_span, context=context, merged=merged, dim=dim)
        merged *= dim
    return None


def unrolled_accumulators(
    kernel: Kernel, types: Mapping[str, object], report: Callable[[Diagnostic], None]
) -> int:
    """PTO-E10 for each accumulating matmul of more than one static batch: FlattenTileNdTo2D unrolls it into
    per-batch slices and assembles of the Acc accumulator, which ExpandMixedKernel then has to move back into
    Acc across the cores (run only when no earlier pass rejected the kernel). Returns the errors."""
    found = 0
    for op, _ in ops_of(kernel.body):
        if op.op in _ACC_MATMULS and _batch_count(op, types) > 1:
            report(diagnostic("PTO-E10", op.call_span))
            found += 1
    return found


def _batch_count(op: TOp, types: Mapping[str, object]) -> int:
    """The static output batch count of an accumulating matmul over >2D operands (1 when 2D or not static)."""
    shapes = []
    for name in op.operands[1:3]:
        value = types.get(name) if name else None
        if not isinstance(value, TensorType | TileType) or (
            isinstance(value, TensorType) and not value.ranked
        ):
            return 1
        shapes.append(value.shape)
    if len(shapes) != 2 or max(len(s) for s in shapes) <= 2:
        return 1
    batch = broadcast_shapes(tuple(shapes[0][:-2]), tuple(shapes[1][:-2]))
    if batch is None or not all(isinstance(d, int) for d in batch):
        return 1
    return math.prod(d for d in batch if isinstance(d, int))


def _flattened_problem(op: TOp, types: Mapping[str, object]) -> Problem | None:
    """The deducer's error on the op's tile operands once >2D ones are flattened, when the unflattened
    operands deduce cleanly (an op whose every operand has one rank keeps lining up, so only mixed ranks)."""
    opdef = get_op(op.op)
    if opdef is None or opdef.deduce not in REDEDUCED or op.op == "tile.div":
        return None
    tiles: list[ArgValue] = []
    for i, name in enumerate(op.operands):
        value = types.get(name) if name else None
        const = op.consts[i] if i < len(op.consts) else None
        if isinstance(value, TensorType | TileType):
            tiles.append(as_tile(value))
        elif isinstance(value, ScalarType):
            tiles.append(value)
        elif name is None and isinstance(const, int | float) and not isinstance(const, bool):
            tiles.append(const)  # a literal scalar operand (tile.adds's rhs)
        else:
            return None
    if not tiles or not any(v.rank > 2 for v in tiles if isinstance(v, TileType)):
        return None
    if deduce_error(op.op, tiles, {}) is not None:
        return None
    return deduce_error(op.op, [flattened(v) for v in tiles], {})


def _input_rank(op: TOp, types: Mapping[str, object]) -> int | None:
    source = op.operands[0] if op.operands else None
    value = types.get(source) if source else None
    if isinstance(value, TileType | TensorType):
        return value.rank
    return None
