"""PTO-F22 through a tile's valid region: the parser's type match compares the TileView too, so
`acc = pl.tile.assemble(acc, part, offsets)` that grows acc's valid region rebinds it with another type.

Only the self-update forms are judged (assemble / set_validshape whose first argument is the rebound name
itself), and only a region the model knows exactly on both sides: an earlier value whose valid region the
model did not set (None) may be a region some op kept that the model dropped, so it stays silent.
"""

from __future__ import annotations

from compiler import ir
from compiler.frontend.checks.spelling import printed_type
from compiler.types import TileType

# The ops whose result region the model derives from the target's own (InferWriteValidShapeUnion,
# tile.set_validshape), spelled as the parser routes them.
_SELF_UPDATES = frozenset({"pl.tile.assemble", "pl.assemble", "pl.tile.set_validshape", "pl.set_validshape"})


def _region(tile: TileType) -> tuple[int, ...] | None:
    """The tile's valid extents when every one is static (its shape when it has no region), else None."""
    extents = tile.valid if tile.valid is not None and len(tile.valid) == tile.rank else tile.shape
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in extents):
        return None
    return tuple(d for d in extents if isinstance(d, int))


def printed_tile(tile: TileType, region: tuple[int, ...]) -> str:
    """python_print_type of a Vec tile: its TileView printed only when the region is partial."""
    text = printed_type(tile)
    if region == tile.shape:
        return text
    return f"{text[:-1]}, pl.TileView(valid_shape=[{', '.join(map(str, region))}])]"


def valid_retyped(name: str, old: object, new: object, value: ir.Expr) -> tuple[str, str] | None:
    """The (was, got) types of a self-update whose valid region differs from the name's earlier one."""
    if not (isinstance(old, TileType) and isinstance(new, TileType) and old.valid is not None):
        return None
    if not (isinstance(value, ir.Call) and value.func in _SELF_UPDATES and value.args):
        return None
    first = value.args[0]
    if not (isinstance(first, ir.Name) and first.id == name):
        return None
    # The TileView of a Vec tile prints its valid_shape alone; other memories print layouts the model lacks.
    if old.memory != "Vec" or new.memory != "Vec" or old.shape != new.shape or old.dtype != new.dtype:
        return None
    was, got = _region(old), _region(new)
    if was is None or got is None or was == got:
        return None
    return printed_tile(old, was), printed_tile(new, got)
