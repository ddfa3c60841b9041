"""tensor.view of a tensor whose valid region is partial (DeduceTensorViewType, tensor_ops/transform.cpp): a
reshape cannot carry the old coordinates, so it needs an explicit target valid_shape, and that one must describe
a packed ND collapse to 2D (IsNdLeadingCollapseTo2D)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from compiler.ops.deducers.core import DeduceError
from compiler.types import ArgValue, Dim, TensorType


def _colon(op_name: str, detail: str) -> None:
    raise DeduceError("PTO-TD158", op=op_name, detail=detail)


def partial_valid(src: TensorType) -> tuple[Dim, ...] | None:
    """The source's valid extents when they provably differ from its shape (a slice's valid_shape=); else None.

    Only two constants that differ prove it: an unknown extent (``?``) or a name the model could not evaluate
    may equal the shape's."""
    valid = src.valid
    if valid is None or len(valid) != src.rank or "?" in valid:
        return None
    differs = any(
        isinstance(v, int) and isinstance(d, int) and v != d for v, d in zip(valid, src.shape, strict=True)
    )
    return valid if differs else None


def _product(dims: Sequence[Dim]) -> int | None:
    ints = [d for d in dims if isinstance(d, int)]
    return math.prod(ints) if len(ints) == len(dims) else None


def _equal(a: Dim | None, b: Dim | None) -> bool:
    return a is not None and a == b


def _collapse_to_2d(
    shape: Sequence[Dim], valid: Sequence[Dim], target: Sequence[Dim], target_valid: Sequence[Dim]
) -> bool | None:
    """IsNdLeadingCollapseTo2D; None when a symbolic extent leaves it undecided."""
    if not shape or len(valid) != len(shape) or len(target) != 2 or len(target_valid) != 2:
        return False
    lead, lead_valid = _product(shape[:-1]), _product(valid[:-1])
    total, total_valid = _product(shape), _product(valid)
    if None in (lead, lead_valid, total, total_valid) or not all(
        isinstance(d, int) for d in (*target, *target_valid)
    ):
        return None
    leading = (
        _equal(target[0], lead)
        and _equal(target[1], shape[-1])
        and _equal(target_valid[0], lead_valid)
        and _equal(target_valid[1], valid[-1])
    )
    linear = target[0] == 1 and target[1] == total and target_valid[0] == 1 and target_valid[1] == total_valid
    if not leading and not linear:
        return False
    past_boundary = False
    for v, d in zip(valid[: len(shape) if linear else len(shape) - 1], shape, strict=False):
        if past_boundary and v != d:
            return False
        if not past_boundary and v != 1:
            past_boundary = True
    return True


def check_partial_view(
    op_name: str,
    src: TensorType,
    shape: tuple[Dim, ...] | None,
    valid_arg: ArgValue,
    src_layout: str | None,
    target_layout: str | None,
) -> None:
    """The checks DeduceTensorViewType makes of a partially valid source (the explicit valid_shape's own
    elements are checked before)."""
    partial = partial_valid(src) if src.ranked else None
    if partial is None or shape is None:
        return
    if valid_arg is None:
        _colon(op_name, "shape reinterpret does not support a source with a partial valid_shape")
    if not isinstance(valid_arg, tuple | list):
        return
    if not valid_arg:
        _colon(op_name, "a partial source valid_shape requires a non-empty target valid_shape")
    if (src_layout or "ND") != "ND" or (target_layout or "ND") != "ND":
        _colon(op_name, "explicit valid_shape shape reinterpretation only supports ND layout")
    target_valid = tuple(v if isinstance(v, int) and not isinstance(v, bool) else "?" for v in valid_arg)
    if _collapse_to_2d(src.shape, partial, shape, target_valid) is False:
        _colon(
            op_name,
            "explicit valid_shape must describe an ND leading-dimension collapse or contiguous-prefix linear "
            "collapse to 2D",
        )
