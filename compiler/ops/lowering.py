"""Re-running a tile op's deducer the way the passes do: ConvertTensorToTileOps deduces the tile op it builds
for a tensor op (its operands now tiles), and FlattenTileNdTo2D re-deduces each op over >2D tiles after
flattening them to [prod(leading), last]. A check only the rewritten types fail is reported by that pass."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.diagnostics import Problem
from compiler.ops.deducers import DeduceError, deduce
from compiler.ops.deducers.core import broadcast_shapes
from compiler.ops.registry import get_op
from compiler.types import ArgValue, Dim, TensorType, TileType

# Families whose deducer reads only tiles, shapes and plain attributes, so a lowered call re-deduces faithfully.
REDEDUCED = frozenset(
    {
        "binary", "tile_ternary", "tile_trinary", "row_expand", "row_reduce", "row_arg", "compare", "select",
        "tile_scalar_tile",
    }
)  # fmt: skip
# Families whose result valid_shape is the first tile operand's while the shape is the broadcast of them all
# (DeduceTileOpElementwiseBinaryType, ...TernaryType, ...TriTileType, ...TileScalarTileType).
FIRST_OPERAND_VALID = frozenset({"binary", "tile_ternary", "tile_trinary", "tile_scalar_tile"})


def as_tile(value: ArgValue) -> ArgValue:
    """The Vec tile ConvertTensorToTileOps loads for a tensor operand (other values unchanged)."""
    if isinstance(value, TensorType) and value.ranked:
        return TileType(value.shape, value.dtype, "Vec", value.valid)
    return value


def flattened(value: ArgValue) -> ArgValue:
    """A >2D tile of static extents as FlattenTileNdTo2D makes it: [prod(leading), last]."""
    if not isinstance(value, TileType) or value.rank <= 2:
        return value
    shape = _flat(value.shape)
    if shape is None:
        return value
    valid = _flat(value.valid) if value.valid is not None else None
    return TileType(shape, value.dtype, value.memory, valid)


def _flat(shape: Sequence[Dim] | None) -> tuple[Dim, ...] | None:
    if shape is None:
        return None
    dims = [d for d in shape if isinstance(d, int)]
    if len(dims) != len(shape):
        return None
    lead = 1
    for d in dims[:-1]:
        lead *= d
    return (lead, dims[-1])


def deduce_error(op_name: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> Problem | None:
    """The deducer's error for calling `op_name` with these values, or None (unknown op, or it deduces)."""
    op = get_op(op_name)
    if op is None:
        return None
    try:
        deduce(op, args, kwargs)
    except DeduceError as exc:
        return exc.problem
    return None


def valid_rank_mismatch(family: str | None, operands: Sequence[ArgValue]) -> dict[str, Any] | None:
    """The fields of a result whose valid_shape (the first operand's) has fewer dims than its broadcast shape."""
    if family not in FIRST_OPERAND_VALID or not operands:
        return None
    shaped = [
        v for v in operands if isinstance(v, TileType | TensorType) and (isinstance(v, TileType) or v.ranked)
    ]
    first = operands[0]
    if not shaped or first is not shaped[0] or not isinstance(first, TileType | TensorType):
        return None
    rank = max(v.rank for v in shaped)
    valid = first.valid if first.valid is not None else first.shape
    if len(valid) >= rank:
        return None
    shape: tuple[Dim, ...] | None = tuple(shaped[0].shape)
    for v in shaped[1:]:
        shape = broadcast_shapes(shape, v.shape) if shape is not None else None
    if shape is None:
        return None
    return {
        "valid_rank": len(valid),
        "valid": "[" + ", ".join(str(d) for d in valid) + "]",
        "rank": rank,
        "shape": "[" + ", ".join(str(d) for d in shape) + "]",
    }
