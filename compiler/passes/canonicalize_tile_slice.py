"""CanonicalizeTileSlice: a Vec `tile.slice` that its consumers must copy out becomes a `tile.extract` at
each of them, and the slice itself is dropped.

Upstream materialises a Vec slice into a fresh buffer, next to the consumer that reads it, when
- the consumer is a `tile.col_expand_*` op and copying the window in place would corrupt the source: the
  offset is not a constant, or the window is not contiguous (neither a single row nor every column);
- or the slice's address is not provably 32-byte aligned (any op consumer).
When every consumer is rewritten, the slice statement is gone: its line runs on no lane. Upstream runs it
just before InferTileMemorySpace, reading an unassigned space as Vec; here it runs after our inference,
which gives a slice its source's space.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.passes.model import Kernel, TIf, TLoop, TNode, TOp, children, ops_of, walk, with_children
from compiler.types import TensorType, TileType, ValueType
from compiler.vocabulary import DTYPE_BITS

_COL_EXPAND = frozenset(
    {
        "tile.col_expand_mul",
        "tile.col_expand_add",
        "tile.col_expand_div",
        "tile.col_expand_sub",
        "tile.col_expand_max",
        "tile.col_expand_min",
        "tile.col_expand_expdif",
    }
)
_ALIGNMENT_BITS = 32 * 8


def canonicalize_tile_slice(kernel: Kernel) -> Kernel:
    """The kernel with every slice that its consumers all copy out taken off its line."""
    producers = {op.result: op for op, _ in ops_of(kernel.body) if op.result}
    slices = {
        op.result: op
        for op in producers.values()
        if op.op == "tile.slice" and op.result and (op.memory in (None, "Vec"))
    }
    if not slices:
        return kernel
    consumers: dict[str, list[TOp | None]] = {name: [] for name in slices}
    for node, _ in walk(kernel.body):
        if isinstance(node, TOp):
            for name in {o for o in node.operands if o in consumers} | {
                r for r in node.reads if r in consumers
            }:
                consumers[name].append(node if name in node.operands else None)
        else:
            used = set(getattr(node, "values", ())) | set(getattr(node, "reads", ()))
            if isinstance(node, TLoop):
                used |= {init for _, init in node.carries}
            for name in used & consumers.keys():
                consumers[name].append(None)  # a yield, a loop carry or a condition: not rewritten
    dropped = {
        id(op)
        for name, op in slices.items()
        if consumers[name] and all(c is not None and _rewritten(op, c, producers) for c in consumers[name])
    }
    if not dropped:
        return kernel
    return kernel.with_body(_without_lines(kernel.body, dropped))


def _rewritten(slice_op: TOp, consumer: TOp, producers: dict[str, TOp]) -> bool:
    """Whether the consumer reads the slice through a fresh `tile.extract`."""
    if consumer.op in ("tile.slice", "tile.extract"):
        return False
    if consumer.op in _COL_EXPAND and _corrupts_source(slice_op, producers):
        return True
    return not _aligned(slice_op, producers)


def _base_type(slice_op: TOp, producers: dict[str, TOp]) -> TileType | TensorType | None:
    source = slice_op.operands[0] if slice_op.operands else None
    producer = producers.get(source or "")
    vtype = producer.type if producer is not None else None
    return vtype if isinstance(vtype, TileType | TensorType) else None


def _offsets(slice_op: TOp) -> tuple[object, ...] | None:
    value = slice_op.consts[2] if len(slice_op.consts) > 2 else None
    return tuple(value) if isinstance(value, tuple | list) and len(value) == 2 else None


def _corrupts_source(slice_op: TOp, producers: dict[str, TOp]) -> bool:
    """A dynamic offset, or a window that is neither one row nor every column (#1640, #2010)."""
    offsets = _offsets(slice_op)
    if offsets is None:
        return False  # not known: leave the slice where it is
    if any(not isinstance(o, int) for o in offsets):
        return True
    base = _base_type(slice_op, producers)
    shape = slice_op.type.shape if isinstance(slice_op.type, TileType | TensorType) else ()
    if base is None or len(base.shape) != 2 or len(shape) != 2:
        return False
    rows, cols = shape
    if not all(isinstance(d, int) for d in (rows, cols, base.shape[1])):
        return False
    return not (rows == 1 or cols == base.shape[1])


def _aligned(slice_op: TOp, producers: dict[str, TOp]) -> bool:
    """Whether the slice's byte address may be 32-byte aligned: False only when it provably is not, or when a
    dynamic offset's stride alone is not (what we cannot tell counts as aligned: the slice stays)."""
    base = _base_type(slice_op, producers)
    offsets = _offsets(slice_op)
    if base is None or offsets is None or len(base.shape) != 2:
        return True
    bits = DTYPE_BITS.get(base.dtype)
    base_cols = base.shape[1]
    if bits is None or not isinstance(base_cols, int):
        return True
    row, col = offsets
    if not isinstance(col, int):
        return False  # a column offset of unknown multiple: no element width makes it 32-byte aligned
    row_stride = base_cols * bits
    if isinstance(row, int):
        return (row * row_stride + col * bits) % _ALIGNMENT_BITS == 0
    return row_stride % _ALIGNMENT_BITS == 0 and (col * bits) % _ALIGNMENT_BITS == 0


def _without_lines(block: tuple[TNode, ...], dropped: set[int]) -> tuple[TNode, ...]:
    out: list[TNode] = []
    for node in block:
        if isinstance(node, TOp):
            out.append(replace(node, line_span=None) if id(node) in dropped else node)
        elif isinstance(node, TLoop | TIf) or children(node):
            out.append(with_children(node, tuple(_without_lines(sub, dropped) for sub in children(node))))
        else:
            out.append(node)
    return tuple(out)


ACC_BLOCK_COLS = 16
"""kAccBlockCols: the column width of one L0C block."""


def check_accumulator_slices(
    kernel: Kernel, types: Mapping[str, ValueType], report: Callable[[Diagnostic], None]
) -> int:
    """PTO-FT24 (CheckAccumulatorSliceContiguous): a tile.matmul_acc whose accumulator is a row window of an
    Acc tile (fewer rows than the parent), unless the window lies inside one 16-column block. Static shapes
    only; the first one, as the pass throws. Returns the errors."""
    slices = {op.result: op for op, _ in ops_of(kernel.body) if op.op == "tile.slice" and op.result}
    for op, _ in ops_of(kernel.body):
        if op.op != "tile.matmul_acc" or not op.operands or op.operands[0] not in slices:
            continue
        acc = op.operands[0]
        slice_op = slices[acc] if acc else None
        if slice_op is None or not slice_op.operands or slice_op.operands[0] is None:
            continue
        view, parent = types.get(acc or ""), types.get(slice_op.operands[0])
        if not isinstance(view, TileType) or not isinstance(parent, TileType) or parent.memory != "Acc":
            continue
        if len(view.shape) != 2 or len(parent.shape) != 2:
            continue
        rows, cols = view.shape
        parent_rows, parent_cols = parent.shape
        if not isinstance(rows, int) or not isinstance(cols, int) or not isinstance(parent_rows, int):
            continue
        if rows == parent_rows or rows <= 0:
            continue
        offsets = _offsets(slice_op)
        col = offsets[1] if offsets is not None else None
        inside_one_block = (
            cols <= ACC_BLOCK_COLS
            and isinstance(col, int)
            and col >= 0
            and col // ACC_BLOCK_COLS == (col + cols - 1) // ACC_BLOCK_COLS
        )
        if inside_one_block:
            continue
        report(
            diagnostic(
                "PTO-FT24",
                op.call_span,
                op=op.op,
                rows=rows,
                cols=cols,
                parent_rows=parent_rows,
                parent_cols=parent_cols if isinstance(parent_cols, int) else "?",
                block=ACC_BLOCK_COLS,
                wide=(parent_rows // rows) * cols,
            )
        )
        return 1
    return 0
