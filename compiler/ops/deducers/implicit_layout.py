"""Checks on a Vec tile's block layout where its producer surely set it (TileType.blayout: col_major for a Vec
load whose last extent is 1 and a row reduction's result, the blayout= of a tile.move into Vec); a tile of the
same shape from tile.full or tile.transpose is row_major, so the shape alone decides nothing."""

from __future__ import annotations

from compiler.ops.deducers.core import DeduceError
from compiler.types import Dim, TileType


def known_blayout(tile: TileType) -> str | None:
    """The block layout of a Vec tile when it is surely known (the cube memories have their own layouts)."""
    return tile.blayout if tile.memory in (None, "Vec") else None


def implicit_col_major(tile: TileType) -> bool:
    """A Vec tile its producer surely laid out col_major."""
    return known_blayout(tile) == "col_major"


def require_row_major_src0(op_name: str, src0: TileType) -> None:
    """DeduceTileRowExpandAddType: src0 (the tile the row vector is added to) must be row_major."""
    if known_blayout(src0) not in (None, "row_major"):
        raise DeduceError(
            "PTO-TD151", op=op_name, requirement="requires src0 effective blayout to be row_major"
        )


def require_nd_row_min_input(op_name: str, src: TileType) -> None:
    """tile.row_min: TROWMIN reads an ND tile (row_major, none_box; a Vec tile's slayout is none_box)."""
    blayout = known_blayout(src)
    if blayout not in (None, "row_major"):
        raise DeduceError(
            "PTO-TD151",
            op=op_name,
            requirement="requires an ND input layout (blayout=row_major, slayout=none_box), but got "
            f"blayout={blayout}, slayout=none_box",
        )


def require_col_major_target_rank(op_name: str, src: TileType, shape: tuple[Dim, ...] | None) -> None:
    """DeduceTileReinterpretViewType: a row_major or col_major tile; a col_major one has two dimensions (a rank-1
    load of [1] is col_major too), and so has its view (its contiguous axis is the second to last)."""
    if known_blayout(src) not in (None, "row_major", "col_major"):
        raise DeduceError("PTO-TD157", op=op_name, detail="requires row_major or col_major blayout")
    if src.rank < 2 and implicit_col_major(src):
        raise DeduceError("PTO-TD157", op=op_name, detail="requires rank >= 2 for col_major layout")
    if shape is not None and len(shape) < 2 and implicit_col_major(src):
        raise DeduceError("PTO-TD157", op=op_name, detail="requires target rank >= 2 for col_major layout")
