"""Reductions and broadcasts: ``tile_ops/reduction.cpp``, ``tile_ops/broadcast.cpp`` and their ``tensor_ops`` twins.

A tile row reduction reduces the last axis and takes a caller-owned scratch tile; a tile column reduction
reduces the first axis. A tensor row reduction reduces the last axis of any rank; a tensor column reduction the
second-to-last. The broadcasts stretch an ``[M, 1]`` row vector or a ``[1, N]`` column vector over a target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from compiler.ops.deducers.core import (
    DeduceError,
    Shaped,
    dtype_text,
    family,
    format_shape,
    known,
    param,
    promote_dtypes,
    require_kind,
    shaped_pair,
    vec,
)
from compiler.ops.deducers.implicit_layout import require_nd_row_min_input, require_row_major_src0
from compiler.ops.opdef import OpDef
from compiler.types import UNKNOWN, ArgValue, Dim, TensorType, TileType, ValueType
from compiler.vocabulary import DTYPE_BITS

TILE = "TileType"
TENSOR = "TensorType"

_ROW_MIN = frozenset({"INT16", "INT32", "FP16", "FP32"})
_ROW_EXPAND_ADD = frozenset({"INT8", "INT16", "INT32", "FP16", "FP32"})
_ARG_REDUCTIONS = frozenset({"row_argmax", "row_argmin", "col_argmax", "col_argmin"})


def _valid(value: Shaped) -> tuple[Dim, ...]:
    return value.valid if value.valid is not None else value.shape


def _check_non_empty(op: OpDef, value: Shaped) -> None:
    """CheckReductionInputNonEmpty: a provably empty valid extent leaves nothing to reduce."""
    valid = _valid(value)
    for axis, extent in enumerate(valid):
        if extent == 0:
            raise DeduceError("PTO-TD101", op=op.name, axis=axis, valid=format_shape(valid))


def _reduced(like: Shaped, shape: tuple[Dim, ...], valid: tuple[Dim, ...], dtype: str) -> Shaped:
    keep = valid if valid != shape else None
    if isinstance(like, TileType):
        return TileType(shape, dtype, "Vec", keep)
    return TensorType(shape, dtype, like.distributed, valid=keep)


def _tile_row(
    op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue], dtype: str | None
) -> ValueType:
    """DeduceTileRowReductionType: input at least 2D, a scratch tile of its dtype and rank and no smaller."""
    src, tmp = param(args, kwargs, 0, "tile"), param(args, kwargs, 1, "tmp_tile")
    require_kind(op, src, TILE, "first argument")
    if not isinstance(src, TileType):
        return UNKNOWN
    if src.rank < 2:
        raise DeduceError("PTO-TD2", op=op.name, kind="tile", rank=src.rank)
    require_kind(op, tmp, TILE, "tmp_tile")
    if isinstance(tmp, TileType):
        if known(tmp.dtype) and known(src.dtype) and tmp.dtype != src.dtype:
            raise DeduceError("PTO-TD94", op=op.name, tmp=dtype_text(tmp.dtype), src=dtype_text(src.dtype))
        if tmp.rank != src.rank:
            raise DeduceError(
                "PTO-TD95", op=op.name, tmp=format_shape(tmp.shape), src=format_shape(src.shape)
            )
        exact = op.short_name in _ARG_REDUCTIONS
        for i, (t, s) in enumerate(zip(tmp.shape, src.shape, strict=True)):
            if not (isinstance(t, int) and isinstance(s, int)):
                continue
            if exact and t != s:
                raise DeduceError(
                    "PTO-TD96", op=op.name, dim=i, tmp=format_shape(tmp.shape), src=format_shape(src.shape)
                )
            if not exact and t < s:
                raise DeduceError(
                    "PTO-TD97", op=op.name, dim=i, tmp=format_shape(tmp.shape), src=format_shape(src.shape)
                )
    _check_non_empty(op, src)
    valid = _valid(src)
    result = _reduced(src, (*src.shape[:-1], 1), (*valid[:-1], 1), dtype or src.dtype)
    # DeduceTileRowReductionType lays its [.., M, 1] result out col_major.
    return replace(result, blayout="col_major") if isinstance(result, TileType) else result


def _tile_col(
    op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue], dtype: str | None
) -> ValueType:
    """DeduceTileColReductionType: input at least 2D; the first axis collapses."""
    src = param(args, kwargs, 0, "tile")
    if op.short_name == "col_sum":
        require_kind(op, src, TILE, "first argument")
        tmp = param(args, kwargs, 1, "tmp_tile")
        require_kind(op, tmp, TILE, "tmp_tile")
        if (
            isinstance(src, TileType)
            and isinstance(tmp, TileType)
            and known(tmp.dtype)
            and tmp.dtype != src.dtype
        ):
            raise DeduceError("PTO-TD100", op=op.name)
    require_kind(op, src, TILE, "first argument")
    if not isinstance(src, TileType):
        return UNKNOWN
    if src.rank < 2:
        raise DeduceError("PTO-TD2", op=op.name, kind="tile", rank=src.rank)
    _check_non_empty(op, src)
    valid = _valid(src)
    return _reduced(src, (1, *src.shape[1:]), (1, *valid[1:]), dtype or src.dtype)


_ROW_AXIS_OPS = frozenset({"tensor.row_sum", "tensor.row_max", "tensor.row_min", "tensor.row_prod"})


def _row_axis(op: OpDef) -> None:
    """DeduceTensorReductionType on a rank-0 tensor: the default axis -1 normalises to -1, out of range."""
    if op.name in _ROW_AXIS_OPS:
        raise DeduceError("PTO-TD210", op=op.name)


def _tensor_reduce(
    op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue], dtype: str | None
) -> ValueType:
    """DeduceTensorReductionType (row: the last axis, any rank) and DeduceTensorColReductionType (axis -2)."""
    src = param(args, kwargs, 0, "input")
    require_kind(op, src, TENSOR, "first argument")
    if not isinstance(src, TensorType):
        return UNKNOWN
    rows = op.short_name.startswith("row_")
    if not rows and src.rank < 2:
        raise DeduceError("PTO-TD2", op=op.name, kind="tensor", rank=src.rank)
    if src.rank == 0:
        if rows and src.ranked:
            _row_axis(op)
        return UNKNOWN
    axis = src.rank - 1 if rows else src.rank - 2
    _check_non_empty(op, src)
    valid = _valid(src)
    shape = tuple(1 if i == axis else d for i, d in enumerate(src.shape))
    kept = tuple(1 if i == axis else d for i, d in enumerate(valid))
    result = _reduced(src, shape, kept, dtype or src.dtype)
    if op.short_name == "row_min" and known(src.dtype) and src.dtype not in _ROW_MIN:
        raise DeduceError("PTO-TD98", op=op.name, dtype=dtype_text(src.dtype))
    return result


def _reduce(
    op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue], dtype: str | None
) -> ValueType:
    rows = op.short_name.startswith("row_")
    if op.namespace == "tensor":
        return _tensor_reduce(op, args, kwargs, dtype)
    if rows:
        result = _tile_row(op, args, kwargs, dtype)
        src = param(args, kwargs, 0, "tile")
        if (
            op.short_name == "row_min"
            and isinstance(src, TileType)
            and known(src.dtype)
            and src.dtype not in _ROW_MIN
        ):
            raise DeduceError("PTO-TD98", op=op.name, dtype=dtype_text(src.dtype))
        if op.short_name == "row_min" and isinstance(src, TileType):
            require_nd_row_min_input(op.name, src)
        return result
    return _tile_col(op, args, kwargs, dtype)


@family("row_reduce")
def _row_reduce(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _reduce(op, args, kwargs, None)


@family("col_reduce")
def _col_reduce(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _reduce(op, args, kwargs, None)


@family("row_arg")
def _row_arg(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _reduce(op, args, kwargs, "INT32")


@family("col_arg")
def _col_arg(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _reduce(op, args, kwargs, "INT32")


# ---------------------------------------------------------------------------------------------
# Broadcasts (tile_ops/broadcast.cpp, tensor_ops/broadcast.cpp)
# ---------------------------------------------------------------------------------------------


def _expand(op: OpDef, args: Sequence[ArgValue], rows: bool) -> ValueType:
    """DeduceTile/TensorRowExpandType (a [.., M, 1] row vector) and the tensor column form ([.., 1, N]); the
    tile column form only checks the operand kinds."""
    target = args[0] if args else None
    vector = args[1] if len(args) > 1 else None
    tile = op.namespace == "tile"
    want = TILE if tile else TENSOR
    require_kind(op, target, want, "first argument")
    require_kind(op, vector, want, "second argument")
    if tile and op.short_name == "row_expand_add" and len(args) > 2:
        require_kind(op, args[2], TILE, "optional third argument tmp")
    if not (isinstance(target, TensorType | TileType) and isinstance(vector, TensorType | TileType)):
        return vec(target, target.shape) if isinstance(target, TensorType | TileType) else UNKNOWN
    if rows or not tile:
        for position, operand in (("first", target), ("second", vector)):
            if operand.rank < 2:
                raise DeduceError("PTO-TD102", op=op.name, position=position, rank=operand.rank)
        kind = "tile" if tile else "tensor"
        if tile and op.short_name == "row_expand_add":
            return _tile_row_expand_add(op, target, vector)
        if rows:
            last = vector.shape[-1]
            if isinstance(last, int) and last != 1:
                raise DeduceError("PTO-TD3", op=op.name, shape=format_shape(vector.shape))
            t_rows, v_rows = target.shape[-2], vector.shape[-2]
            if isinstance(t_rows, int) and isinstance(v_rows, int) and t_rows != v_rows:
                raise DeduceError("PTO-TD103", op=op.name, kind=kind, rows=t_rows, vec_rows=v_rows)
        else:
            first = vector.shape[-2]
            if isinstance(first, int) and first != 1:
                raise DeduceError("PTO-TD104", op=op.name, row=first)
            t_cols, v_cols = target.shape[-1], vector.shape[-1]
            if isinstance(t_cols, int) and isinstance(v_cols, int) and t_cols != v_cols:
                raise DeduceError("PTO-TD105", op=op.name, cols=t_cols, vec_cols=v_cols)
    dtype = promote_dtypes(target.dtype, vector.dtype)
    if op.short_name == "row_expand_add" and known(target.dtype) and known(vector.dtype):
        if target.dtype != vector.dtype:
            raise DeduceError(
                "PTO-TD106", op=op.name, lhs=dtype_text(target.dtype), rhs=dtype_text(vector.dtype)
            )
        if target.dtype not in _ROW_EXPAND_ADD:
            raise DeduceError("PTO-TD107", op=op.name, dtype=dtype_text(target.dtype))
        dtype = target.dtype
    if isinstance(target, TileType):
        return TileType(target.shape, dtype, "Vec", target.valid)
    return TensorType(target.shape, dtype, target.distributed)


def _tile_row_expand_add(op: OpDef, target: Shaped, vector: Shaped) -> ValueType:
    """DeduceTileRowExpandAddType: a row_major src0, one dtype TROWEXPANDADD takes, and src1's valid rows equal
    src0's."""
    if isinstance(target, TileType):
        require_row_major_src0(op.name, target)
    if known(target.dtype) and known(vector.dtype):
        if target.dtype != vector.dtype:
            raise DeduceError(
                "PTO-TD106", op=op.name, lhs=dtype_text(target.dtype), rhs=dtype_text(vector.dtype)
            )
        if target.dtype not in _ROW_EXPAND_ADD:
            raise DeduceError("PTO-TD107", op=op.name, dtype=dtype_text(target.dtype))
    tv, vv = _valid(target), _valid(vector)
    if isinstance(tv[-2], int) and isinstance(vv[-2], int) and tv[-2] != vv[-2]:
        raise DeduceError("PTO-TD110", op=op.name, src0=format_shape(tv), src1=format_shape(vv))
    # src1's valid last extent: 1 for a [M, 1] carrier (the compiler lays those out non-row-major), else one
    # 32-byte block of its dtype. A carrier wider than one column is row-major as loaded; only that case is
    # judged (a transposed or reshaped carrier's layout is not tracked).
    bits = DTYPE_BITS.get(vector.dtype)
    cols, width = vv[-1], vector.shape[-1]
    if bits and bits % 8 == 0 and isinstance(cols, int) and isinstance(width, int) and width > 1:
        expected = 32 // (bits // 8)
        if cols not in (1, expected):
            raise DeduceError("PTO-TD206", op=op.name, cols=expected, shape=format_shape(vv))
    return TileType(target.shape, target.dtype, "Vec", target.valid)


@family("row_expand")
def _row_expand(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _expand(op, args, True)


@family("col_expand")
def _col_expand(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _expand(op, args, False)


@family("concat")
def _concat(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src0, src1 = param(args, kwargs, 0, "src0"), param(args, kwargs, 1, "src1")
    if isinstance(src0, TensorType) and isinstance(src1, TileType):
        raise DeduceError("PTO-TD158", op=op.name, detail="src1 must be TensorType, got TileType")
    pair = shaped_pair(src0, src1)
    if pair is None:
        return UNKNOWN
    a, b = pair
    if isinstance(a, TensorType) and isinstance(b, TensorType) and not (a.ranked and b.ranked):
        return UNKNOWN
    if known(a.dtype) and known(b.dtype) and a.dtype != b.dtype:
        raise DeduceError("PTO-TD118", op=op.name, lhs=dtype_text(a.dtype), rhs=dtype_text(b.dtype))
    if a.rank != 2 or b.rank != 2:
        kind = "tensors" if isinstance(a, TensorType) else "tiles"
        raise DeduceError("PTO-TD117", op=op.name, requirement=f"2D {kind}")
    rows_a, rows_b = a.shape[0], b.shape[0]
    if isinstance(rows_a, int) and isinstance(rows_b, int) and rows_a != rows_b:
        raise DeduceError("PTO-TD122", op=op.name, lhs=rows_a, rhs=rows_b)
    last_a, last_b = a.shape[-1], b.shape[-1]
    last: Dim = last_a + last_b if isinstance(last_a, int) and isinstance(last_b, int) else "?"
    return vec(a, (*a.shape[:-1], last), a.dtype)
