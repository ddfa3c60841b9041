"""Valid regions through views and writes (``type_inference.cpp``): the valid extents a window read keeps
(InferWindowReadValidShape), the axes a slice may drop (ValidateDropDimsValidExtents), a reshape's mapped valid
region (ComputeReshapeValidShape), the union an assemble or store leaves in its target
(InferWriteValidShapeUnion), and gather_row's operands (CheckGatherRowOperands).

Only static extents are decided, and in a reshape also runtime names (a dynamic dimension, a scalar variable),
whose text PythonPrint writes as is and which the analyzer proves equal only to themselves. Upstream rejects what
its analyzer cannot prove, and prints the runtime expression it could not settle; any other runtime or unknown
extent is left alone (no error, and an unknown region downstream).
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Sequence

from compiler.ops.deducers.core import DeduceError, format_shape
from compiler.types import ArgValue, Dim, RuntimeText, ScalarType, TensorType

# An extent the model decides: a static int. Anything else (a runtime scalar, "?", a symbolic name) is None.
Extent = int | None


def _int(value: object) -> Extent:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _statics(values: Sequence[object]) -> list[int] | None:
    """Every value as a static int, or None when one is not."""
    out = [_int(v) for v in values]
    return None if None in out else [v for v in out if v is not None]


def full_valid(shape: Sequence[Dim], valid: Sequence[Dim] | None) -> tuple[Dim, ...]:
    """GetValidShape: the value's valid extents, its shape when it has none."""
    return tuple(valid) if valid is not None and len(valid) == len(shape) else tuple(shape)


def _same(a: Dim, b: Dim) -> bool:
    """Two extents the analyzer proves equal: the same constant, or the same symbolic name."""
    return a == b and a != "?"


def window_valid(
    source: Sequence[Dim],
    source_valid: Sequence[Dim] | None,
    offsets: Sequence[object],
    window: Sequence[Dim],
    requested: Sequence[Dim] | None,
    clamp: bool,
) -> tuple[Extent, ...]:
    """InferWindowReadValidShape's result, per axis: a static extent, or None where the model cannot tell."""
    valid = full_valid(source, source_valid)
    out: list[Extent] = []
    for i, win in enumerate(window):
        full = _same(valid[i], source[i])
        available: Extent
        if full and not clamp:
            available = _int(win)
        else:
            offset, src = _int(offsets[i]), _int(valid[i])
            width = _int(win)
            available = (
                min(max(src - offset, 0), width)
                if offset is not None and src is not None and width is not None
                else None
            )
        if requested is None:
            out.append(available)
            continue
        want = _int(requested[i])
        if want is None or available is None:
            # A runtime request, or an unknown source extent that might be the narrower one.
            out.append(want if available is not None and available == _int(win) else None)
            continue
        out.append(available if available != _int(win) and available <= want else want)
    return tuple(out)


def check_valid_rank(op: str, source: ArgValue) -> None:
    """CheckWindowReadRanks: the source's own valid_shape (an annotation's pl.TensorView, kept as written) has
    its shape's rank."""
    if isinstance(source, TensorType) and source.written_valid is not None and source.ranked:
        raise DeduceError("PTO-TD231", op=op, valid=len(source.written_valid), rank=source.rank)


def check_narrowing_offsets(
    op: str, source: Sequence[Dim], source_valid: Sequence[Dim] | None, offsets: Sequence[object], clamp: bool
) -> None:
    """InferWindowReadValidShape: an axis narrowed against a partial source (or clamped) needs an integer
    offset; a float literal or a float scalar is not one."""
    valid = full_valid(source, source_valid)
    for i, offset in enumerate(offsets[: len(source)]):
        if not clamp and _same(valid[i], source[i]):
            continue
        floating = isinstance(offset, float) or (
            isinstance(offset, ScalarType) and offset.exact and offset.dtype in _FLOAT_SCALARS
        )
        if floating:
            raise DeduceError(
                "PTO-TD157",
                op=op,
                detail=f"offset {i} must be an integer scalar to narrow dimension {i} against a partial source, "
                "but got ScalarType",
            )


_FLOAT_SCALARS = frozenset({"FP16", "BF16", "FP32"})


def check_drop_valid(op: str, drops: ArgValue, valid: Sequence[Extent]) -> None:
    """ValidateDropDimsValidExtents: each dropped axis must be provably valid for exactly one row."""
    if not isinstance(drops, list | tuple):
        return
    for axis in drops:
        index = _int(axis)
        if index is None or not 0 <= index < len(valid):
            continue
        extent = valid[index]
        if extent is not None and extent != 1:
            raise DeduceError("PTO-TD215", op=op, axis=index, extent=extent)


# ---------------------------------------------------------------------------------------------------
# gather_row
# ---------------------------------------------------------------------------------------------------


def _runtime(item: object) -> bool:
    """A runtime scalar (no ConstInt): a kernel scalar, pl.tensor.dim, scalar arithmetic on one."""
    return isinstance(item, ScalarType)


def check_gather_row_shapes(op: str, shapes: ArgValue) -> None:
    """CheckGatherRowOperands: every shapes= extent is a compile-time constant."""
    if not isinstance(shapes, list | tuple):
        return
    for i, item in enumerate(shapes):
        if _runtime(item):
            raise DeduceError("PTO-TD216", op=op, index=i)


def check_gather_row_valid(
    op: str, shapes: Sequence[object], valid: Sequence[object], transpose: bool
) -> None:
    """CheckGatherRowOperands after the rank and dtype checks: a static valid_shape with transpose=True, then
    every valid extent within [0, shapes extent] (ValidateValidShapeBounds), all violations in one message."""
    if transpose and any(_runtime(item) for item in valid):
        raise DeduceError("PTO-TD217", op=op)
    violations: list[tuple[int, str]] = []
    for i, (item, bound) in enumerate(zip(valid, shapes, strict=False)):
        extent, physical = _int(item), _int(bound)
        if extent is None:
            continue
        if extent < 0:
            text = "" if physical is None else str(physical)
            violations.append(
                (
                    i,
                    f"has provably negative extent {extent}; expected 0 <= valid_shape[{i}] <= shape[{i}] ({text})",
                )
            )
        if physical is not None and extent > physical:
            violations.append((i, f"extent {extent} provably exceeds physical shape extent {physical}"))
    if not violations or any(_int(b) is None for b in shapes):
        return
    first, text = violations[0]
    extent, physical = _int(valid[first]), _int(shapes[first])
    rest = "".join(f"; {op} valid_shape dimension {i} {more}" for i, more in violations[1:])
    if extent is not None and extent < 0:
        raise DeduceError("PTO-TD157", op=op, detail=f"valid_shape dimension {first} {text}{rest}")
    raise DeduceError("PTO-TD218", op=op, axis=first, valid=extent, shape=physical, more=rest)


# ---------------------------------------------------------------------------------------------------
# reshape
# ---------------------------------------------------------------------------------------------------


def _unit_map(
    valid: Sequence[Dim],
    shape: Sequence[Dim],
    new: Sequence[Dim],
    i: int,
    j: int,
    failed: set[tuple[int, int]],
) -> list[Dim] | None:
    """MapUnitAxisRankChange: align equal axes, erase a fully valid input unit axis, insert an output one."""
    if (i, j) in failed:
        return None
    if i == len(shape) and j == len(new):
        return []
    if i < len(shape) and j < len(new) and shape[i] == new[j]:
        tail = _unit_map(valid, shape, new, i + 1, j + 1, failed)
        if tail is not None:
            return [valid[i], *tail]
    if i < len(shape) and shape[i] == 1 and valid[i] == 1:
        tail = _unit_map(valid, shape, new, i + 1, j, failed)
        if tail is not None:
            return tail
    if j < len(new) and new[j] == 1:
        tail = _unit_map(valid, shape, new, i, j + 1, failed)
        if tail is not None:
            return [new[j], *tail]
    failed.add((i, j))
    return None


# A runtime extent the front end spells as PythonPrint does: a name, or one +, - or * of a name and an int.
_OPERAND = r"(?:[A-Za-z_]\w*|\d+)"
_PRINTED = re.compile(rf"{_OPERAND}(?: [-+*] {_OPERAND})?")


def _printable(dims: Sequence[Dim]) -> bool:
    """Every extent is a constant or a runtime extent spelled as PythonPrint writes it (a dynamic dimension, a
    scalar variable, one sum or product of one with a constant); two such extents are provably equal only when
    they are the same one."""
    return all(
        (isinstance(d, int) and not isinstance(d, bool))
        or (
            isinstance(d, str)
            and not isinstance(d, RuntimeText)
            and _PRINTED.fullmatch(d) is not None
            and not any(keyword.iskeyword(w) for w in d.split())
        )
        for d in dims
    )


def reshape_valid(
    op: str, shape: Sequence[Dim], valid: Sequence[Dim] | None, new: Sequence[Dim], row_major: bool | None
) -> tuple[Dim, ...] | None:
    """ComputeReshapeValidShape on extents that are constants or runtime names: the mapped valid region (None:
    fully valid), or "?" extents where the model cannot follow; raises where the region has no rectangle in the
    new shape. ``row_major``: whether the elements are stored row-major, None when the model does not know the
    layout."""
    if valid is None or len(valid) != len(shape):
        return None
    unknown = ("?",) * len(new)
    if not _printable(valid) or not _printable(shape) or not new:
        return unknown
    if all(v == d for v, d in zip(valid, shape, strict=True)):
        return None
    if any(v == 0 for v in valid):
        return (0,) * len(new)
    if not _printable(new):
        return unknown
    mapped = _unit_map(valid, shape, new, 0, 0, set())
    if mapped is not None:
        return tuple(mapped)
    if row_major is None:
        return unknown
    if not row_major:
        raise DeduceError(
            "PTO-TD158",
            op=op,
            detail=f"cannot reshape {format_shape(shape)} to {format_shape(new)} because only part of it holds "
            f"real data (valid_shape {format_shape(valid)}) and its elements are not stored row-major, so the real "
            "data does not occupy a contiguous run that the new shape can describe. Reshape the full extent and "
            "narrow afterwards, or copy the real data out first (pl.slice / pl.store).",
        )
    free = 0
    while free + 1 < len(valid) and valid[free] == 1:
        free += 1
    for i in range(free + 1, len(valid)):
        if valid[i] == shape[i]:
            continue
        if not isinstance(valid[i], int) or not isinstance(shape[i], int):
            return unknown  # the message then adds whether the analyzer could decide the two: not modelled
        raise DeduceError(
            "PTO-TD219",
            op=op,
            shape=format_shape(shape),
            new_shape=format_shape(new),
            valid=format_shape(valid),
            axis=i,
            extent=valid[i],
            full=shape[i],
        )
    trailing = 1
    for i in range(free + 1, len(shape)):
        extent = shape[i]
        if not isinstance(extent, int):
            raise DeduceError(
                "PTO-TD239",
                op=op,
                shape=format_shape(shape),
                axis=i,
                extent=extent,
                new_shape=format_shape(new),
            )
        trailing *= extent
    ns: list[int] = []
    for i, extent in enumerate(new):
        if not isinstance(extent, int):
            raise DeduceError(
                "PTO-TD240",
                op=op,
                shape=format_shape(shape),
                new_shape=format_shape(new),
                axis=i,
                extent=extent,
            )
        ns.append(extent)
    suffix = [1] * len(ns)
    for i in range(len(ns) - 2, -1, -1):
        suffix[i] = suffix[i + 1] * ns[i + 1]
    free_valid = valid[free]
    if isinstance(free_valid, int):
        count = free_valid * trailing
        for i, step in enumerate(suffix):
            if step != 0 and count % step == 0 and count // step <= ns[i]:
                return (*(1,) * i, count // step, *ns[i + 1 :])
        raise DeduceError(
            "PTO-TD220",
            op=op,
            shape=format_shape(shape),
            new_shape=format_shape(new),
            count=count,
            noun="element" if count == 1 else "elements",
            valid=format_shape(valid),
        )
    # A runtime row count survives only on a target axis one input row long with room for the whole free axis.
    physical = shape[free]
    if isinstance(physical, int):
        for i, step in enumerate(suffix):
            if step == trailing and physical <= ns[i]:
                return (*(1,) * i, free_valid, *ns[i + 1 :])
    raise DeduceError(
        "PTO-TD241",
        op=op,
        shape=format_shape(shape),
        new_shape=format_shape(new),
        rows=free_valid,
        size=trailing,
    )


# ---------------------------------------------------------------------------------------------------
# assemble / store
# ---------------------------------------------------------------------------------------------------


def _axes(dims: Sequence[int]) -> str:
    """FormatDimensionList: `0`, `0 and 1`, `0, 1 and 2`."""
    text = [str(d) for d in dims]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + " and " + text[-1]


def _check_far_edges(
    op: str,
    target: Sequence[Dim],
    target_valid: Sequence[Dim],
    offsets: Sequence[object],
    floats: Sequence[int],
) -> None:
    """WriteFarEdge: a partially valid target needs an integer extent at each axis the write does not start at 0
    (the first such axis with a non-integer extent is reported; an offset the model cannot fold stops it)."""
    t, physical = _statics(target_valid), _statics(target)
    if t is None or physical is None or 0 in t or t == physical:
        return  # an empty or fully valid target returns before the far edges, and an unknown one may be either
    for axis, offset in enumerate(offsets):
        value = _int(offset)
        if value == 0:
            continue
        if axis in floats:
            if value is None:
                return
            raise DeduceError("PTO-TD232", op=op, axis=axis, offset="ScalarType", extent="ScalarType")


def write_union(
    op: str,
    target: Sequence[Dim],
    target_valid: Sequence[Dim] | None,
    written: Sequence[Dim],
    offsets: Sequence[object],
    float_axes: Sequence[int] = (),
) -> tuple[Dim, ...] | None:
    """InferWriteValidShapeUnion after its bounds checks (``written``: the source's valid extents; ``float_axes``:
    those that are non-integer scalars): the target's valid region after the write (None: fully valid), "?"
    extents where the model cannot follow; raises where the union is no origin-anchored rectangle."""
    if target_valid is None or len(target_valid) != len(target):
        return None
    rank = len(target)
    unknown = ("?",) * rank
    if any(_int(v) == 0 for v in written):
        return tuple(target_valid)
    if float_axes:
        _check_far_edges(op, target, target_valid, offsets, float_axes)
        return unknown
    t, s, o = _statics(target_valid), _statics(written), _statics(offsets)
    if t is None or s is None or o is None:
        return unknown
    if any(v == 0 for v in t):
        if any(o):
            axis = t.index(0)
            raise DeduceError(
                "PTO-TD157",
                op=op,
                detail=f"writes at offset {format_shape(o)} into a target whose valid region is empty (dimension "
                f"{axis} has extent 0), which would leave a region that does not start at the origin. A valid "
                "shape names one origin-anchored rectangle, so initialize an empty target at offset 0",
            )
        return tuple(written)
    physical = [_int(d) for d in target]
    edge = [o[i] + s[i] for i in range(rank)]
    if any(
        p is not None and (e > p or o[i] < 0) for i, (e, p) in enumerate(zip(edge, physical, strict=True))
    ):
        return unknown  # out of bounds: CheckWriteDimBounds' error, not the union's
    if all(v == p for v, p in zip(t, physical, strict=True)):
        return tuple(target_valid)
    growing = [i for i in range(rank) if edge[i] > t[i]]
    if not growing:
        return tuple(target_valid)
    if not any(o) and all(t[i] <= s[i] for i in range(rank)):
        return tuple(written)
    if len(growing) > 1:
        raise DeduceError(
            "PTO-TD222",
            op=op,
            axes=_axes(growing),
            valid=format_shape(t),
            written=format_shape(s),
            offsets=format_shape(o),
        )
    axis = growing[0]
    if o[axis] > t[axis]:
        raise DeduceError("PTO-TD221", op=op, axis=axis, offset=o[axis], valid=t[axis])
    for i in range(rank):
        if i == axis:
            continue
        if o[i] != 0:
            raise DeduceError("PTO-TD223", op=op, axis=axis, other=i, offset=o[i])
        if s[i] != t[i]:
            raise DeduceError("PTO-TD224", op=op, axis=axis, other=i, extent=s[i], valid=t[i])
    result: list[Dim] = list(target_valid)
    bound = physical[axis]
    result[axis] = min(edge[axis], bound) if bound is not None else "?"
    return tuple(result)
