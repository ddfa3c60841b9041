"""Checks on a tile's block layout where it is surely col_major (TileType.col_major: a Vec load whose last
extent is 1, a row reduction's result); a tile of the same shape from tile.full or tile.transpose is row_major, so
the shape alone decides nothing."""

from __future__ import annotations

from compiler.ops.deducers.core import DeduceError
from compiler.types import Dim, TileType


def implicit_col_major(tile: TileType) -> bool:
    """A Vec tile its producer surely laid out col_major (the cube memories have their own layouts)."""
    return tile.col_major and tile.memory in (None, "Vec")


def require_row_major_src0(op_name: str, src0: TileType) -> None:
    """DeduceTileRowExpandAddType: src0 (the tile the row vector is added to) must be row_major."""
    if implicit_col_major(src0):
        raise DeduceError(
            "PTO-TD151", op=op_name, requirement="requires src0 effective blayout to be row_major"
        )


def require_nd_row_min_input(op_name: str, src: TileType) -> None:
    """tile.row_min: TROWMIN reads an ND tile (row_major, none_box)."""
    if implicit_col_major(src):
        raise DeduceError(
            "PTO-TD151",
            op=op_name,
            requirement="requires an ND input layout (blayout=row_major, slayout=none_box), but got "
            "blayout=col_major, slayout=none_box",
        )


def require_col_major_target_rank(op_name: str, src: TileType, shape: tuple[Dim, ...] | None) -> None:
    """DeduceTileReinterpretViewType: a col_major tile has two dimensions (a rank-1 load of [1] is col_major
    too), and so has its view (its contiguous axis is the second to last)."""
    if src.rank < 2 and implicit_col_major(src):
        raise DeduceError("PTO-TD157", op=op_name, detail="requires rank >= 2 for col_major layout")
    if shape is not None and len(shape) < 2 and implicit_col_major(src):
        raise DeduceError("PTO-TD157", op=op_name, detail="requires target rank >= 2 for col_major layout")
