"""Window reads and writes (``type_inference.cpp``: InferWindowReadValidShape, InferWriteValidShapeUnion): the
bounds every load, slice, store and assemble must keep against the value it reads from or writes into.

Only static extents are compared: upstream rejects what it can disprove and trusts what stays symbolic, so a
symbolic offset or extent (a loop variable, a runtime dimension) never causes an error here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from compiler.ops.deducers.core import DeduceError, format_shape
from compiler.types import ArgValue, Dim, ScalarType


def static_items(value: ArgValue) -> tuple[object, ...] | None:
    """The elements of a list literal (offsets, a shape), each an int when static; None when not a list."""
    if isinstance(value, list | tuple):
        return tuple(value)
    return None


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class WindowRead:
    """One window read: the source's physical shape, the window's origin and shape, an explicit valid request."""

    op: str
    source: tuple[Dim, ...]
    offsets: tuple[object, ...]
    window: tuple[Dim, ...]
    requested: tuple[Dim, ...] | None
    exact: bool  # kExactWindow: the whole window must fit; else only the extent actually read
    clamp: bool
    remedy: str


def check_read(read: WindowRead) -> None:
    """CheckWindowReadRanks, then CheckWindowReadDimBounds for each dimension."""
    op, rank = read.op, len(read.window)
    if len(read.source) != rank:
        _require(
            op,
            f"the window and the source to have the same rank, but got window rank {rank} "
            f"{format_shape(read.window)} and source rank {len(read.source)} {format_shape(read.source)}",
        )
    if len(read.offsets) != rank:
        _require(
            op, f"one offset per window dimension, but got {len(read.offsets)} offsets for window rank {rank}"
        )
    if read.requested is not None and len(read.requested) != rank:
        _require(
            op,
            f"valid_shape to have the same rank as the window, but got valid_shape rank {len(read.requested)} "
            f"{format_shape(read.requested)} and window rank {rank}",
        )
    for i in range(rank):
        offset = _int(read.offsets[i])
        if offset is not None and offset < 0:
            raise DeduceError("PTO-TD124", op=op, axis=i, offset=offset, start="a window", whole="source")
        requested = _int(read.requested[i]) if read.requested is not None else None
        window = _int(read.window[i])
        if requested is not None and window is not None and requested > window:
            raise DeduceError("PTO-TD125", op=op, axis=i, valid=requested, window=window)
        reach = read.window[i] if read.exact or read.requested is None else read.requested[i]
        extent, source = _int(reach), _int(read.source[i])
        fits = offset is None or extent is None or source is None or offset + extent <= source
        if not read.clamp and not fits:
            raise DeduceError(
                "PTO-TD126", op=op, axis=i, offset=offset, extent=extent, source=source, remedy=read.remedy
            )


def check_write(
    op: str, target: Sequence[Dim], source: Sequence[Dim], offsets: Sequence[object], remedy: str
) -> None:
    """CheckWriteUnionRanks is guarded by its callers; CheckWriteDimBounds for an exact subview (the whole
    physical source lands, so all of it must fit inside the target)."""
    for i, (t, s, o) in enumerate(zip(target, source, offsets, strict=True)):
        offset, extent, bound = _int(o), _int(s), _int(t)
        if offset is not None and offset < 0:
            raise DeduceError("PTO-TD124", op=op, axis=i, offset=offset, start="a write", whole="target")
        if offset is not None and extent is not None and bound is not None and offset + extent > bound:
            raise DeduceError(
                "PTO-TD127", op=op, axis=i, offset=offset, extent=extent, target=bound, remedy=remedy
            )


def _drop_dims_constant(op: str, index: int, item: object) -> None:
    """ParseSliceDropDims: an element that is a runtime scalar or a float literal is no ConstInt."""
    if isinstance(item, ScalarType | float):
        raise DeduceError("PTO-TD211", op=op, index=index)


def check_drop_dims(op: str, drops: ArgValue, shape: Sequence[Dim]) -> None:
    """ParseSliceDropDims: each dropped axis in range, once, and a static unit dimension of the window."""
    items = static_items(drops)
    if items is None:
        return
    seen: set[int] = set()
    for i, item in enumerate(items):
        axis = _int(item)
        if axis is None:
            _drop_dims_constant(op, i, item)
            return
        if not 0 <= axis < len(shape):
            raise DeduceError(
                "PTO-TD128", op=op, axis=axis, requirement=f"out of range for rank {len(shape)}"
            )
        if axis in seen:
            raise DeduceError("PTO-TD128", op=op, axis=axis, requirement="is repeated")
        seen.add(axis)
        dim = shape[axis]
        if isinstance(dim, int) and dim != 1:
            raise DeduceError(
                "PTO-TD128",
                op=op,
                axis=axis,
                requirement="must select a static unit dimension (rank reduction only erases size-1 dims), "
                f"but dim {axis} is {dim}",
            )


def _require(op: str, requirement: str) -> None:
    raise DeduceError("PTO-TD117", op=op, requirement=requirement)
