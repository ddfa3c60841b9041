"""The parser's checks of a subscript write `dst[<window>] = src` (desugared to an assemble): the index
count, element writes, steps, and the source's rank and extents against the rank-reduced window."""

from __future__ import annotations

from compiler import ir
from compiler.frontend.checks.state import CheckState
from compiler.frontend.checks.subscript_forms import check_write_source
from compiler.frontend.consts import fold
from compiler.frontend.subscripts import slice_extent
from compiler.types import Dim, TensorType, TileType, ValueType


def check_subscript_write(
    state: CheckState, target: ir.Subscript, base: ValueType, source: ValueType
) -> None:
    """F68 / F71 ... F74 on one subscript write, in the parser's order (it stops at the first)."""
    if not isinstance(base, TensorType | TileType) or not base.shape:
        return
    if isinstance(base, TensorType) and not base.ranked:
        return
    kind = "tensor" if isinstance(base, TensorType) else "tile"
    items = target.index.elts if isinstance(target.index, ir.TupleExpr) else (target.index,)
    rank = len(base.shape)
    if len(items) > rank:
        state.error("PTO-F71", target.span, Kind=kind.capitalize(), kind=kind, count=len(items), rank=rank)
        return
    if len(items) == rank and not any(isinstance(i, ir.SliceExpr) for i in items):
        state.error("PTO-F72", target.span, kind=kind)
        return
    if any(isinstance(i, ir.SliceExpr) and i.step is not None for i in items):
        state.error("PTO-F68", target.span, kind=kind)
        return
    extents: list[int | None] = []
    natural = 0
    for pos, item in enumerate(items):
        if not isinstance(item, ir.SliceExpr):
            continue  # a scalar index drops its axis
        natural += 1
        lower = fold(item.lower, state.env) if item.lower is not None else 0
        upper = fold(item.upper, state.env) if item.upper is not None else base.shape[pos]
        if _int(lower) and _int(upper):
            extents.append(upper - lower)  # type: ignore[operator]
        else:  # `k0 : k0 + KC` has the static extent KC
            same = slice_extent(item.lower, item.upper, state.env) if item.lower and item.upper else "?"
            extents.append(same if isinstance(same, int) else None)
    for dim in base.shape[len(items) :]:
        natural += 1
        extents.append(dim if _int(dim) else None)  # type: ignore[arg-type]
    if (
        check_write_source(state, target, base, source)
        or not isinstance(source, type(base))
        or not source.shape
    ):
        return
    floored = max(2, natural) if kind == "tile" else natural
    src_rank = len(source.shape)
    if src_rank not in (natural, floored):
        expected = f"{natural}D" if natural == floored else f"{natural}D or {floored}D"
        state.error("PTO-F73", target.span, expected=expected, kind=kind, rank=src_rank)
        return
    if source.valid is not None:
        return  # a narrowed source may match through its valid shape: not proven
    wanted = [1] * (src_rank - natural) + extents
    for axis, (want, have) in enumerate(zip(wanted, source.shape, strict=True)):
        if want is not None and _int(have) and want != have:
            state.error("PTO-F74", target.span, axis=axis, want=want, have=have)
            return


def _int(value: object | Dim) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
