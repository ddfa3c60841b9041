"""Cross-core boundary ops and pipes (``tile_ops/cross_core.cpp``, ``sync_ops/cross_core.cpp``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.ops.deducers.core import (
    DeduceError,
    dtype_arg,
    family,
    shape_arg,
)
from compiler.ops.opdef import OpDef
from compiler.types import UNKNOWN, ArgValue, Dim, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import EnumValue


def _split_value(value: ArgValue) -> int | None:
    if isinstance(value, EnumValue):
        return {"NONE": 0, "UP_DOWN": 1, "LEFT_RIGHT": 2}.get(value.member)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def _boundary(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue], shard: bool) -> ValueType:
    src = args[0] if args else kwargs.get("x")
    if "split" not in kwargs:
        return UNKNOWN  # the split comes from the enclosing pl.split_aiv region
    split = _split_value(kwargs["split"])
    if split is None:
        return UNKNOWN
    if split not in (0, 1, 2):
        raise DeduceError("PTO-D2", op=op.name, split=split)
    is_tile = op.namespace == "tile"
    if isinstance(src, ScalarType):
        expected = "TileType" if is_tile else "(non-distributed) TensorType"
        raise DeduceError("PTO-D4", op=op.name, expected=expected, type="ScalarType")
    if not isinstance(src, TileType if is_tile else TensorType):
        return UNKNOWN
    if split != 0 and src.rank != 2:
        if is_tile:
            raise DeduceError("PTO-D5", op=op.name, rank=src.rank)
        raise DeduceError("PTO-D5b", op=op.name, rank=src.rank)
    stride = kwargs.get("lane_stride")
    if isinstance(stride, int) and not isinstance(stride, bool):
        if stride <= 0:
            raise DeduceError("PTO-D6", op=op.name, stride=stride)
        extent = src.shape[split - 1] if split else None
        if isinstance(extent, int) and stride > (extent + 1) // 2:
            raise DeduceError("PTO-D7", op=op.name, stride=stride, half=(extent + 1) // 2, extent=extent)
    if shard and src.valid is not None and src.rank == 2 and (is_tile or split != 0):
        _check_shard_valid_shape(op.name, src.shape, src.valid, split)
    dims = list(src.shape)
    if split:
        axis = split - 1
        extent = dims[axis]
        if isinstance(extent, int):
            dims[axis] = (extent + 1) // 2 if shard else extent * 2
        else:
            dims[axis] = "?"
    if is_tile:
        return TileType(tuple(dims), src.dtype, "Vec" if shard else "Mat")
    return TensorType(tuple(dims), src.dtype)


def _check_shard_valid_shape(name: str, shape: Sequence[Dim], valid: Sequence[Dim], split: int) -> None:
    """D-8 ... D-11: which narrowed valid extents a Cube -> Vector shard can carry across the FIFO."""
    (s0, s1), (v0, v1) = shape, valid
    fields: dict[str, Any] = {"op": name, "valid_rows": v0, "rows": s0, "valid_cols": v1, "cols": s1}
    col_full = isinstance(v1, int) and v1 == s1
    if split == 2 and not col_full:
        raise DeduceError("PTO-D8", op=name, valid_cols=v1, cols=s1)
    if not isinstance(v1, int):
        raise DeduceError("PTO-D9", op=name, valid_cols=v1, cols=s1)
    if isinstance(s1, int) and v1 < s1:
        if split == 1 and not (isinstance(v0, int) and v0 == s0):
            raise DeduceError("PTO-D10", **fields)
        if not isinstance(v0, int):
            raise DeduceError("PTO-D11", **fields)


@family("aiv_shard")
def _aiv_shard(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _boundary(op, args, kwargs, True)


@family("aic_gather")
def _aic_gather(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _boundary(op, args, kwargs, False)


@family("tpop")
def _tpop(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    shape = shape_arg(kwargs.get("shape"))
    dtype = dtype_arg(kwargs.get("dtype"))
    if shape is None or dtype is None:
        return UNKNOWN
    return TileType(shape, dtype, "Vec" if op.short_name == "tpop_from_aic" else None)
