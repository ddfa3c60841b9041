"""FlattenTileNdTo2D (reference §2.7)."""

from __future__ import annotations

from compiler.rules.book import RuleBook

BOOK = RuleBook()
_r = BOOK.rule

_r(
    "PTO-FT6",
    "nd-tile-op-unsupported",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: {op} is not supported on >2D tiles",
    "tile.read / tile.write / tile.slice on a tile of rank 3 or more (hardware tiles are 2D).",
    "Reshape the tile to 2D (pl.tile.reshape) before reading, writing or slicing it.",
)
_r(
    "PTO-FT7",
    "nd-transpose-batch-axis",
    "FlattenTileNdTo2D",
    "FlattenTileNdTo2D: only last-two-axes tile.transpose on >2D tiles is supported; transpose involving a "
    "batch axis (axes {a}, {b} of rank {n}) is not yet lowered. Reshape the tile so the transposed axes are "
    "the last two.",
    "A tile.transpose of a >2D tile that swaps a batch axis.",
)
