"""Element-wise ops (``tile_ops/elementwise.cpp``, ``tensor_ops/elementwise.cpp``, ``unary.cpp``): binary and scalar forms, unary, select, cast, concat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from compiler.ops.deducers.core import (
    DeduceError,
    broadcast_shapes,
    dtype_arg,
    family,
    format_shape,
    param,
    promote_dtypes,
    shaped_pair,
    vec,
)
from compiler.ops.opdef import OpDef
from compiler.types import UNKNOWN, ArgValue, Dim, ScalarType, TensorType, TileType, ValueType


@family("binary")
def _binary(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs = param(args, kwargs, 0, "lhs")
    rhs = param(args, kwargs, 1, "rhs")
    pair = shaped_pair(lhs, rhs)
    if pair is None:
        return lhs if isinstance(lhs, TensorType | TileType) else UNKNOWN
    a, b = pair
    shape = broadcast_shapes(a.shape, b.shape)
    if shape is None:
        raise DeduceError("PTO-TD1", op=op.name, lhs=format_shape(a.shape), rhs=format_shape(b.shape))
    dtype = a.dtype if op.short_name in ("shl", "shr") else promote_dtypes(a.dtype, b.dtype)
    return vec(a, shape, dtype)


@family("binary_scalar")
def _binary_scalar(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs = param(args, kwargs, 0, "lhs", param(args, kwargs, 0, "tile"))
    if not isinstance(lhs, TensorType | TileType):
        return UNKNOWN
    return vec(lhs, lhs.shape)


@family("unary")
def _unary(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else next(iter(kwargs.values()), None)
    if not isinstance(src, TensorType | TileType):
        return UNKNOWN
    return vec(src, src.shape)


@family("same_as_input")
def _same_as_input(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else next(iter(kwargs.values()), None)
    return src if isinstance(src, TensorType | TileType) else UNKNOWN


@family("like_second")
def _like_second(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """The result has the second argument's type (`expand_clone(src, target)`)."""
    target = param(args, kwargs, 1, "target")
    return target if isinstance(target, TensorType | TileType) else UNKNOWN


@family("task_id")
def _task_id(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """A task handle (`pl.system.task_dummy`)."""
    return ScalarType("TASK_ID")


@family("sort32")
def _sort32(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """(value, index) pairs: the last dimension doubles, the dtype is the source's."""
    src = param(args, kwargs, 0, "src")
    if not isinstance(src, TensorType | TileType) or not src.shape:
        return UNKNOWN
    last = src.shape[-1]
    doubled: Dim = last * 2 if isinstance(last, int) else "?"
    return vec(src, (*src.shape[:-1], doubled))


@family("mrgsort")
def _mrgsort(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """Merge sort: one source keeps its shape; several concatenate along the last dimension."""
    names = ("src0", "src1", "src2", "src3")
    sources = [
        s for i, n in enumerate(names) if isinstance(s := param(args, kwargs, i, n), TensorType | TileType)
    ]
    if not sources or not sources[0].shape:
        return UNKNOWN
    first = sources[0]
    if op.name.endswith("format1"):
        return vec(first, first.shape)
    lasts = [s.shape[-1] if s.shape else "?" for s in sources]
    total: Dim = sum(lasts) if all(isinstance(d, int) for d in lasts) else "?"  # type: ignore[arg-type]
    return vec(first, (*first.shape[:-1], total))


@family("gather_index")
def _gather_index(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """`gather(input, dim, index)`: the index's shape with the input's dtype."""
    src = param(args, kwargs, 0, "input")
    index = param(args, kwargs, 2, "index")
    if not isinstance(src, TensorType | TileType) or not isinstance(index, TensorType | TileType):
        return UNKNOWN
    return vec(src, index.shape, src.dtype)


@family("select")
def _select(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 1, "lhs" if op.short_name == "sel" else "src")
    return vec(src, src.shape) if isinstance(src, TensorType | TileType) else UNKNOWN


@family("cast")
def _cast(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "input", param(args, kwargs, 0, "tile"))
    target = dtype_arg(param(args, kwargs, 1, "target_type"))
    if isinstance(src, ScalarType) and target:
        return ScalarType(target)
    if not isinstance(src, TensorType | TileType) or target is None:
        return UNKNOWN
    return vec(src, src.shape, target)
