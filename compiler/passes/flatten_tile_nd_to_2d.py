"""FlattenTileNdTo2D: hardware tiles are 2D, so >2D tiles are flattened; ops that cannot be are rejected.

The analysis (analysis.cpp) first: a dynamic extent in a >2D tile (FT25), tile.read / tile.write / tile.slice
on a >2D tile (FT-6), a >2D tile.assemble (FT-10 .. FT-12); then the rewrite's own checks: a leading extent that
is not positive (FT27) or overflows (FT-13), a >2D transpose involving a batch axis (FT-7), and batched matmul
lowering (FT26, FT28, FT29, FT31, FT32), and a Mat load's folded row offset (FT33).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic, Problem
from compiler.ops.deducers.core import broadcast_shapes
from compiler.ops.lowering import REDEDUCED, as_tile, deduce_error, flattened
from compiler.ops.registry import get_op
from compiler.passes.model import Kernel, TNode, TOp, children, ops_of
from compiler.types import ArgValue, Dim, ScalarType, TensorType, TileType

_NO_ND = frozenset({"tile.read", "tile.write", "tile.slice"})
# Accumulating matmuls whose >2D form FlattenTileNdTo2D unrolls per batch (slices and assembles of the Acc
# accumulator, which then crosses back into Acc: PTO-E10).
_ACC_MATMULS = frozenset({"tile.batch_matmul_acc", "tile.matmul_acc"})


def flatten(
    kernel: Kernel,
    types: Mapping[str, object],
    report: Callable[[Diagnostic], None],
    runtime: frozenset[str] = frozenset(),
    sources: Mapping[str, object] | None = None,
) -> int:
    """Check every tile op of a kernel against the 2D flattening rules; returns the number of errors.

    `runtime`: the scalar parameters whose values are known only at run time (a tile.load shaped by one has a
    dynamic extent the model types as unknown); `sources`: the function's own types (a load's source tensor)."""
    ops = ops_of(kernel.body)
    dynamic = _Dynamic(runtime, {op.result: op for op, _ in ops if op.result}, types)
    first = _first_analysis_fault(ops, types, dynamic)
    if first is not None and first.code == "PTO-FT25":
        report(first)  # PreconditionAnalysis throws there: no later check runs
        return 1
    if first is None:
        # The rewrite runs once the analysis passed; it throws at its first fault.
        fault = _rewrite_fault(kernel.body, types, dynamic, sources or {})
        if fault is not None:
            report(fault)
            return 1
    found, overflowed = 0, False
    for op, _ in ops:
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
        elif (axes := _batch_axis_transpose(op, types)) is not None:
            report(diagnostic("PTO-FT7", op.call_span, a=axes[0], b=axes[1], n=rank))
            found += 1
    return found


@dataclass(frozen=True)
class _Dynamic:
    """Which tile extents are dynamic: named runtime values, a tile.load's extent shaped by a runtime scalar, and
    the unknown extents of a result computed from a tile with a dynamic extent."""

    runtime: frozenset[str]
    producers: Mapping[str, TOp]
    types: Mapping[str, object]

    def index(self, value: TileType, producer: TOp | None, seen: frozenset[int] = frozenset()) -> int | None:
        """The first dynamic extent of a tile (its producing op, if known), or None."""
        for i, dim in enumerate(value.shape):
            if isinstance(dim, str) and (dim.isidentifier() or self._from_runtime(producer, i, seen)):
                return i
        return None

    def _from_runtime(self, op: TOp | None, i: int, seen: frozenset[int]) -> bool:
        if op is None or id(op) in seen or len(seen) > 8:
            return False
        if op.op != "tile.load":
            seen = seen | {id(op)}
            return any(
                isinstance(value, TileType) and self.index(value, producer, seen) is not None
                for value, producer in (self.operand(name) for name in op.operands)
            )
        # A tile.load with constant offsets, an unknown shape entry and a runtime scalar read: the scalar shapes it.
        if not self.runtime or len(op.consts) < 3:
            return False
        offsets, shape = op.consts[1], op.consts[2]
        if not isinstance(offsets, tuple) or not all(isinstance(o, int) for o in offsets):
            return False
        return (
            isinstance(shape, tuple)
            and i < len(shape)
            and not isinstance(shape[i], int)
            and bool(self.runtime.intersection(op.reads))
        )

    def operand(self, name: str | None) -> tuple[object, TOp | None]:
        """An operand's value and its producing op."""
        return (self.types.get(name), self.producers.get(name)) if name else (None, None)


def _first_analysis_fault(
    ops: Sequence[tuple[TOp, object]], types: Mapping[str, object], dynamic: _Dynamic
) -> Diagnostic | None:
    """PreconditionAnalysis (analysis.cpp), in its order: per tile op, a dynamic extent in a >2D tile argument or
    result (FT25), then tile.read / write / slice of a >2D tile (FT6), then a >2D tile.assemble (FT10 .. FT12)."""
    for op, _ in ops:
        if not op.op.startswith("tile."):
            continue
        values = [dynamic.operand(name) for name in op.operands] + [(op.type, op)]
        for value, producer in values:
            if isinstance(value, TileType) and value.rank > 2:
                at = dynamic.index(value, producer)
                if at is not None:
                    return diagnostic("PTO-FT25", op.call_span, op=op.op, i=at)
        rank = _input_rank(op, types)
        if op.op in _NO_ND and rank is not None and rank > 2:
            return diagnostic("PTO-FT6", op.call_span, op=op.op)
        if op.op == "tile.assemble":
            fault = _nd_assemble_fault(op, types)
            if fault is not None:
                return fault
    return None


_BATCH_MATMULS = {"tile.batch_matmul": 0, "tile.batch_matmul_acc": 1}  # op -> position of lhs


def _rewrite_fault(
    block: tuple[TNode, ...], types: Mapping[str, object], dynamic: _Dynamic, sources: Mapping[str, object]
) -> Diagnostic | None:
    """The first fault of the rewrite (rewrite.cpp, batch_matmul.cpp) that the analysis does not catch: a >2D
    tile's leading extent that is not positive (FT27), and LowerBatchMatmul's own checks (FT26, FT28, FT29, FT31, FT32)."""
    for i, node in enumerate(block):
        if isinstance(node, TOp):
            after = block[i + 1] if i + 1 < len(block) else None
            fault = _batch_matmul_fault(node, after, types, dynamic) if node.op in _BATCH_MATMULS else None
            fault = fault or _non_positive_dim(node, types) or _row_offset_overflow(node, sources)
            if fault is not None:
                return fault
            if (
                _merged_overflow(node, types)
                or _flattened_problem(node, types)
                or _batch_axis_transpose(node, types)
            ):
                return None  # an earlier rewrite fault the caller's walk reports (FT-13, FT-8, FT-7)
            continue
        for sub in children(node):
            fault = _rewrite_fault(sub, types, dynamic, sources)
            if fault is not None:
                return fault
    return None


def _merged_value(op: TOp, types: Mapping[str, object]) -> tuple[object, str]:
    """The >2D tile ComputeMergedShape folds for an op, and the context its messages name."""
    if op.op == "tile.store":
        value = types.get(op.operands[0]) if op.operands and op.operands[0] else None
        return value, "tile.store tile operand"
    return op.type, ("tile.load result" if op.op == "tile.load" else op.op)


# The ops whose rewrite folds a >2D tile with ComputeMergedShape (rewrite.cpp): the load's result, the store's
# operand, a created tile (a reshape or an elementwise result is re-deduced from its flattened operands instead).
_MERGED = frozenset({"tile.load", "tile.store", "tile.create", "tile.full"})


def _non_positive_dim(op: TOp, types: Mapping[str, object]) -> Diagnostic | None:
    """FT27: ComputeMergedShape meets a leading extent <= 0 (a tile.load of shape [0, 16, 64])."""
    if op.op not in _MERGED:
        return None
    value, context = _merged_value(op, types)
    if not isinstance(value, TileType) or value.rank <= 2:
        return None
    for i, dim in enumerate(value.shape[:-1]):
        if isinstance(dim, int) and dim <= 0:
            return diagnostic("PTO-FT27", op.call_span, i=i, context=context, dim=dim)
    return None


def _row_offset_overflow(op: TOp, sources: Mapping[str, object]) -> Diagnostic | None:
    """FT33: a >2D load into Mat (the natural NZ layout) reads a 2D view of its tensor, at the row its leading
    offsets fold to (CollapseLeadingOffsetsToRow); a clamped offset far past the edge overflows that sum."""
    value = op.type
    if op.op != "tile.load" or not isinstance(value, TileType) or value.rank <= 2 or value.memory != "Mat":
        return None
    if any(not isinstance(d, int) or d <= 0 for d in value.shape[:-1]) or _merged_overflow(op, {}):
        return None  # ComputeMergedShape's own faults come first (FT27, FT-13)
    tensor = sources.get(op.operands[0]) if op.operands and op.operands[0] else None
    offsets = op.consts[1] if len(op.consts) > 1 else None
    if not isinstance(tensor, TensorType) or not isinstance(offsets, tuple) or len(offsets) != tensor.rank:
        return None
    if not all(isinstance(d, int) for d in (*tensor.shape, *offsets)) or tensor.rank != value.rank:
        return None
    if math.prod(int(d) for d in tensor.shape[:-1]) > _INT64_MAX:
        return None  # the collapsed view's own product overflows first (an internal check)
    row = int(offsets[0])
    for dim, offset in zip(tensor.shape[1:-1], offsets[1:-1], strict=True):
        row *= int(dim)
        if abs(row) > _INT64_MAX:
            return None  # the multiply's overflow is an internal check
        row += int(offset)
        if not -_INT64_MAX - 1 <= row <= _INT64_MAX:
            return diagnostic("PTO-FT33", op.call_span)
    return None


def _batch_matmul_fault(
    op: TOp, after: TNode | None, types: Mapping[str, object], dynamic: _Dynamic
) -> Diagnostic | None:
    """LowerBatchMatmul / LowerBatchMatmulAcc: every lhs and rhs extent static (FT26, a 2D operand the analysis
    skips), the output batch count within int64 (FT28), a static accumulator (FT31), and a fused tile.store with
    one offset per result dimension (FT29)."""
    at = _BATCH_MATMULS[op.op]
    shapes: list[tuple[Dim, ...]] = []
    for role, name in (("lhs", op.operands[at : at + 1]), ("rhs", op.operands[at + 1 : at + 2])):
        value, producer = dynamic.operand(name[0] if name else None)
        if not isinstance(value, TileType):
            return None
        runtime_at = dynamic.index(value, producer)
        if runtime_at is not None:
            return diagnostic("PTO-FT26", op.call_span, context=f"{op.op} {role} dim {runtime_at}")
        shapes.append(value.shape)
    if not all(isinstance(d, int) for s in shapes for d in s) or min(len(s) for s in shapes) < 2:
        return None
    batch = broadcast_shapes(tuple(shapes[0][:-2]), tuple(shapes[1][:-2]))
    if batch is None:
        return None
    product = 1
    for i, dim in enumerate(batch):
        if not isinstance(dim, int):
            return None
        if dim <= 0:  # a batch extent of a reshaped operand (a loaded one fails at its tile.load first: FT27)
            return diagnostic("PTO-FT32", op.call_span, i=i, context=f"{op.op} output batch size", dim=dim)
        if product > _INT64_MAX // dim:
            return diagnostic("PTO-FT28", op.call_span, context=f"{op.op} output batch size")
        product *= dim
    if op.op == "tile.batch_matmul_acc":
        acc, producer = dynamic.operand(op.operands[0] if op.operands else None)
        if isinstance(acc, TileType) and dynamic.index(acc, producer) is not None:
            # A 2D accumulator (a >2D one is the analysis's FT25) with a runtime extent: LowerBatchMatmulAcc
            # slices it per batch at static rows.
            return diagnostic("PTO-FT31", op.call_span)
        return None
    if not isinstance(after, TOp) or after.op != "tile.store":
        return None
    if after.result is None or not after.operands or after.operands[0] != op.result:
        return None  # DetectDirectStore fuses only `x = tile.store(result, ...)` right after the matmul
    offsets = after.consts[1] if len(after.consts) > 1 else None
    if isinstance(offsets, tuple) and len(offsets) != len(batch) + 2:
        return diagnostic("PTO-FT29", after.call_span)
    return None


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
    (the rewrite of the op's result tile; of its tile operand for tile.store). LowerBatchMatmul folds no result
    (its own overflow: FT28)."""
    value, context = _merged_value(op, types)
    if op.op in _BATCH_MATMULS:
        return None
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


def _batch_axis_transpose(op: TOp, types: Mapping[str, object]) -> tuple[int, int] | None:
    """The axes of a >2D tile.transpose that moves a batch axis (FT-7), or None."""
    rank = _input_rank(op, types)
    if op.op != "tile.transpose" or rank is None or rank <= 2:
        return None
    a, b = (*op.consts[1:3], None, None)[:2]
    if isinstance(a, int) and isinstance(b, int) and {a % rank, b % rank} != {rank - 2, rank - 1}:
        return a, b
    return None


def _input_rank(op: TOp, types: Mapping[str, object]) -> int | None:
    source = op.operands[0] if op.operands else None
    value = types.get(source) if source else None
    if isinstance(value, TileType | TensorType):
        return value.rank
    return None
