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
    found = 0
    for op, _ in ops_of(kernel.body):
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
