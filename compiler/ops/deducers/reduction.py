"""Reductions and broadcasts (``tile_ops/reduction.cpp``, ``broadcast.cpp`` and their tensor twins)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from compiler.ops.deducers.core import (
    DeduceError,
    family,
    format_shape,
    param,
    promote_dtypes,
    shaped_pair,
    vec,
)
from compiler.ops.opdef import OpDef
from compiler.types import UNKNOWN, ArgValue, Dim, TensorType, TileType, ValueType


def _reduce(op: OpDef, args: Sequence[ArgValue], rows: bool, dtype: str | None) -> ValueType:
    src = args[0] if args else None
    if not isinstance(src, TensorType | TileType):
        return UNKNOWN
    if src.rank < 2:
        raise DeduceError("PTO-TD2", op=op.name, rank=src.rank)
    shape = (*src.shape[:-1], 1) if rows else (*src.shape[:-2], 1, src.shape[-1])
    return vec(src, shape, dtype)


@family("row_reduce")
def _row_reduce(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _reduce(op, args, True, None)


@family("col_reduce")
def _col_reduce(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _reduce(op, args, False, None)


@family("row_arg")
def _row_arg(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _reduce(op, args, True, "INT32")


@family("col_arg")
def _col_arg(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _reduce(op, args, False, "INT32")


def _expand(op: OpDef, args: Sequence[ArgValue], rows: bool) -> ValueType:
    target = args[0] if args else None
    vector = args[1] if len(args) > 1 else None
    if not isinstance(target, TensorType | TileType):
        return UNKNOWN
    if isinstance(vector, TensorType | TileType) and target.rank == 2 and vector.rank == 2:
        m, n = target.shape
        want: tuple[Dim, Dim] = (m, 1) if rows else (1, n)
        if any(
            isinstance(w, int) and isinstance(g, int) and w != g
            for w, g in zip(want, vector.shape, strict=True)
        ):
            role = "row_vec" if rows else "col_vec"
            raise DeduceError(
                "PTO-TD3", op=op.name, role=role, want=format_shape(want), got=format_shape(vector.shape)
            )
    return vec(target, target.shape)


@family("row_expand")
def _row_expand(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _expand(op, args, True)


@family("col_expand")
def _col_expand(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _expand(op, args, False)


@family("concat")
def _concat(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    pair = shaped_pair(param(args, kwargs, 0, "src0"), param(args, kwargs, 1, "src1"))
    if pair is None:
        return UNKNOWN
    a, b = pair
    if a.rank != b.rank or a.rank == 0:
        raise DeduceError("PTO-TD4", op=op.name, lhs=format_shape(a.shape), rhs=format_shape(b.shape))
    last_a, last_b = a.shape[-1], b.shape[-1]
    last: Dim = last_a + last_b if isinstance(last_a, int) and isinstance(last_b, int) else "?"
    return vec(a, (*a.shape[:-1], last), promote_dtypes(a.dtype, b.dtype))
