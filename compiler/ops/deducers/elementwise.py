"""Element-wise ops: ``tile_ops/elementwise.cpp`` and ``unary.cpp``, ``tensor_ops/elementwise.cpp`` and ``unary.cpp``.

Binary ops of two tiles or two tensors, their scalar forms, the tmp-carrying ternaries, select and compare,
the unary ops and cast. Each family follows its upstream deducer check by check, in the same order, so the
first check a call breaks is the one the compiler reports.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from compiler.ops.deducers.core import (
    DeduceError,
    Shaped,
    broadcast_shapes,
    dtype_arg,
    dtype_text,
    family,
    flag,
    format_shape,
    is_float,
    is_int,
    known,
    param,
    promote_dtypes,
    require_kind,
    scalar_dtype,
    vec,
)
from compiler.ops.opdef import OpDef
from compiler.types import UNKNOWN, ArgValue, Dim, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import DTYPE_BITS

TILE = "TileType"
SCALAR = "ScalarType"
TENSOR = "TensorType or DistributedTensorType"

_TDIV = frozenset({"INT16", "INT32", "FP16", "FP32"})
_TSUBS = frozenset({"INT8", "INT16", "INT32", "FP16", "FP32", "BF16"})
_TSELS = frozenset({"INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "FP16", "FP32"})
_TSELS_MASK = frozenset({"INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32"})
_TSELS_SCALAR = {"UINT8": "INT8", "UINT16": "INT16", "UINT32": "INT32"}


def _same_static(a: Dim, b: Dim) -> bool | None:
    """DimensionsEqual for two static extents; None when either is symbolic (the model cannot tell)."""
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    return True if a == b else None


def _valid(value: Shaped) -> tuple[Dim, ...]:
    return value.valid if value.valid is not None else value.shape


def _result(like: Shaped, shape: tuple[Dim, ...], dtype: str, valid: tuple[Dim, ...] | None = None) -> Shaped:
    """A Vec tile (or a tensor) result that keeps `like`'s valid region when the shape is its own."""
    out = vec(like, shape, dtype)
    keep = valid if valid is not None else like.valid
    if keep is not None and len(keep) == len(shape):
        if isinstance(out, TileType):
            return TileType(out.shape, out.dtype, out.memory, keep)
        return TensorType(out.shape, out.dtype, out.distributed, valid=keep)
    return out


def _broadcast(op: OpDef, a: Shaped, b: Shaped, *, detail: bool = True) -> tuple[Dim, ...]:
    shape = broadcast_shapes(a.shape, b.shape)
    if shape is None:
        if detail:
            raise DeduceError("PTO-TD1", op=op.name, lhs=format_shape(a.shape), rhs=format_shape(b.shape))
        raise DeduceError("PTO-TD66", op=op.name)
    return shape


def _require_int_tile(op: OpDef, t: TileType, code: str = "PTO-TD58") -> None:
    if known(t.dtype) and not is_int(t.dtype):
        raise DeduceError(code, op=op.name, dtype=dtype_text(t.dtype))


# ---------------------------------------------------------------------------------------------
# Tile binary ops (DeduceTileOpElementwiseBinaryType, DeduceTileOpShiftBinaryType)
# ---------------------------------------------------------------------------------------------

_TILE_BINARY_INT = frozenset({"tile.and", "tile.or"})
_TILE_SHIFT = frozenset({"tile.shl", "tile.shr"})


def _tile_pair(
    op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]
) -> tuple[TileType, TileType] | None:
    lhs, rhs = param(args, kwargs, 0, "lhs"), param(args, kwargs, 1, "rhs")
    require_kind(op, lhs, TILE, "first argument")
    require_kind(op, rhs, TILE, "second argument")
    if isinstance(lhs, TileType) and isinstance(rhs, TileType):
        return lhs, rhs
    return None


def _tile_div(op: OpDef, a: TileType, b: TileType, high_precision: bool) -> ValueType:
    """The tdiv contract: one dtype in {INT16, INT32, FP16, FP32}, identical physical and valid shapes."""
    if known(a.dtype) and known(b.dtype) and a.dtype != b.dtype:
        raise DeduceError("PTO-TD60", op=op.name, lhs=dtype_text(a.dtype), rhs=dtype_text(b.dtype))
    if known(a.dtype) and a.dtype not in _TDIV:
        raise DeduceError("PTO-TD61", op=op.name, dtype=dtype_text(a.dtype))
    if a.rank != b.rank:
        raise DeduceError("PTO-TD62", op=op.name, lhs=a.rank, rhs=b.rank)
    for i, (x, y) in enumerate(zip(a.shape, b.shape, strict=True)):
        if _same_static(x, y) is False:
            raise DeduceError(
                "PTO-TD63", op=op.name, dim=i, lhs=format_shape(a.shape), rhs=format_shape(b.shape)
            )
    va, vb = _valid(a), _valid(b)
    for i, (x, y) in enumerate(zip(va, vb, strict=True)):
        if isinstance(x, int) and isinstance(y, int) and x != y:
            raise DeduceError("PTO-TD64", op=op.name, dim=i, lhs=format_shape(va), rhs=format_shape(vb))
    if high_precision and known(a.dtype) and not is_float(a.dtype):
        raise DeduceError("PTO-TD65", op=op.name)
    return _result(a, a.shape, a.dtype)


@family("binary")
def _binary(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    if op.namespace == "tensor":
        return _tensor_binary(op, args, kwargs)
    pair = _tile_pair(op, args, kwargs)
    if pair is None:
        lhs = param(args, kwargs, 0, "lhs")
        return vec(lhs, lhs.shape) if isinstance(lhs, TileType) else UNKNOWN
    a, b = pair
    if op.name in _TILE_SHIFT:
        _require_int_tile(op, a)
        _require_int_tile(op, b, "PTO-TD59")
        return _result(a, _broadcast(op, a, b, detail=False), a.dtype)
    if op.name in _TILE_BINARY_INT:
        _require_int_tile(op, a)
        _require_int_tile(op, b)
    if op.name == "tile.div":
        return _tile_div(op, a, b, flag(kwargs.get("high_precision")))
    return _result(a, _broadcast(op, a, b), promote_dtypes(a.dtype, b.dtype))


@family("tile_ternary")
def _tile_ternary(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """tile.rem / tile.xor (lhs, rhs, tmp): DeduceTileOpTernaryType."""
    pair = _tile_pair(op, args, kwargs)
    require_kind(op, param(args, kwargs, 2, "tmp"), TILE, "third argument (tmp)")
    if pair is None:
        return UNKNOWN
    a, b = pair
    if op.name == "tile.xor":
        _require_int_tile(op, a)
        _require_int_tile(op, b)
    return _result(a, _broadcast(op, a, b, detail=False), promote_dtypes(a.dtype, b.dtype))


@family("tile_trinary")
def _tile_trinary(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """tile.addc / tile.subc: three tile inputs, promoted and broadcast (DeduceTileOpTriTileType)."""
    operands = [param(args, kwargs, i, n) for i, n in enumerate(("lhs", "rhs", "rhs2"))]
    for i, value in enumerate(operands):
        require_kind(op, value, TILE, f"{('first', 'second', 'third')[i]} argument")
    a, b, c = operands
    if not (isinstance(a, TileType) and isinstance(b, TileType) and isinstance(c, TileType)):
        return UNKNOWN
    ab = broadcast_shapes(a.shape, b.shape)
    shape = broadcast_shapes(ab, c.shape) if ab is not None else None
    if shape is None:
        raise DeduceError("PTO-TD66", op=op.name)
    return _result(a, shape, promote_dtypes(promote_dtypes(a.dtype, b.dtype), c.dtype))


@family("tile_scalar_tile")
def _tile_scalar_tile(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """tile.addsc / tile.subsc / tile.rems: (tile, scalar, tile) (DeduceTileOpTileScalarTileType)."""
    a = param(args, kwargs, 0, "lhs")
    s = param(args, kwargs, 1, "rhs")
    c = param(args, kwargs, 2, "tmp" if op.name == "tile.rems" else "rhs2")
    require_kind(op, a, TILE, "first argument")
    require_kind(op, s, SCALAR, "second argument")
    require_kind(op, c, TILE, "third argument")
    if not (isinstance(a, TileType) and isinstance(c, TileType)):
        return UNKNOWN
    sd = scalar_dtype(s, a.dtype) or a.dtype
    shape = broadcast_shapes(a.shape, c.shape)
    if shape is None:
        raise DeduceError("PTO-TD66", op=op.name)
    return _result(a, shape, promote_dtypes(promote_dtypes(a.dtype, sd), c.dtype))


# ---------------------------------------------------------------------------------------------
# Tile x scalar ops (DeduceTileOpScalarBinaryType, DeduceTileSubsType, DeduceTileOpIntScalarBinaryType,
# DeduceTileOpXorScalarType)
# ---------------------------------------------------------------------------------------------

_TILE_INT_SCALAR = frozenset({"tile.shls", "tile.shrs", "tile.ands", "tile.ors"})


@family("binary_scalar")
def _binary_scalar(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    if op.namespace == "tensor":
        return _tensor_scalar(op, args, kwargs)
    lhs = param(args, kwargs, 0, "lhs", param(args, kwargs, 0, "tile"))
    rhs = param(args, kwargs, 1, "rhs", param(args, kwargs, 1, "slope", param(args, kwargs, 1, "scalar")))
    require_kind(op, lhs, TILE, "first argument")
    if not isinstance(lhs, TileType):
        return UNKNOWN
    if op.name in _TILE_INT_SCALAR or op.name == "tile.xors":
        _require_int_tile(op, lhs)
    require_kind(op, rhs, SCALAR, "second argument")
    sd = scalar_dtype(rhs, lhs.dtype)
    if op.name in _TILE_INT_SCALAR and sd is not None and not is_int(sd):
        raise DeduceError("PTO-TD68", op=op.name, scalar="shift/bitwise scalar", dtype=dtype_text(sd))
    if op.name == "tile.xors":
        if sd is not None and not is_int(sd):
            raise DeduceError("PTO-TD68", op=op.name, scalar="scalar", dtype=dtype_text(sd))
        require_kind(op, param(args, kwargs, 2, "tmp"), TILE, "third argument")
    if op.name == "tile.subs":
        if known(lhs.dtype) and lhs.dtype not in _TSUBS:
            raise DeduceError("PTO-TD67", op=op.name, kind="tile", dtype=dtype_text(lhs.dtype))
        if isinstance(rhs, bool):
            sd = "BOOL"  # a True / False literal is a ConstBool scalar
        if sd is not None and sd not in _TSUBS:
            raise DeduceError("PTO-TD67", op=op.name, kind="scalar", dtype=dtype_text(sd))
    return _result(lhs, lhs.shape, lhs.dtype)


# ---------------------------------------------------------------------------------------------
# Tensor binary and scalar ops (tensor_ops/elementwise.cpp)
# ---------------------------------------------------------------------------------------------

_TENSOR_BITWISE = frozenset({"tensor.and", "tensor.or", "tensor.xor", "tensor.shl", "tensor.shr"})
_TENSOR_SHIFT = frozenset({"tensor.shl", "tensor.shr", "tensor.shls", "tensor.shrs"})
_TENSOR_BITWISE_SCALAR = frozenset({"tensor.ands", "tensor.ors", "tensor.xors", "tensor.shls", "tensor.shrs"})
_TENSOR_EITHER = frozenset({"tensor.maximum", "tensor.minimum", "tensor.cmp"})


def _require_int_tensor(op: OpDef, t: TensorType) -> None:
    if known(t.dtype) and not is_int(t.dtype):
        raise DeduceError("PTO-TD69", op=op.name, dtype=dtype_text(t.dtype))


def _tensor_binary(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, rhs = param(args, kwargs, 0, "lhs"), param(args, kwargs, 1, "rhs")
    if op.name in _TENSOR_EITHER and not isinstance(rhs, TensorType):
        return _tensor_scalar(op, args, kwargs)
    require_kind(op, lhs, TENSOR, "first argument")
    require_kind(op, rhs, TENSOR, "second argument")
    if not (isinstance(lhs, TensorType) and isinstance(rhs, TensorType)):
        return lhs if isinstance(lhs, TensorType) else UNKNOWN
    if op.name in _TENSOR_BITWISE:
        _require_int_tensor(op, lhs)
        _require_int_tensor(op, rhs)
        same = lhs.rank == rhs.rank and all(
            _same_static(x, y) is not False for x, y in zip(lhs.shape, rhs.shape, strict=True)
        )
        if not same:
            raise DeduceError(
                "PTO-TD70", op=op.name, lhs=format_shape(lhs.shape), rhs=format_shape(rhs.shape)
            )
        dtype = lhs.dtype if op.name in _TENSOR_SHIFT else promote_dtypes(lhs.dtype, rhs.dtype)
        return TensorType(lhs.shape, dtype, lhs.distributed)
    shape = _broadcast(op, lhs, rhs)
    dtype = promote_dtypes(lhs.dtype, rhs.dtype)
    if op.name == "tensor.div":
        for operand in (lhs, rhs):
            if known(operand.dtype) and operand.dtype not in _TDIV:
                raise DeduceError("PTO-TD72", op=op.name, dtype=dtype_text(operand.dtype))
        if flag(kwargs.get("high_precision")) and known(dtype) and not is_float(dtype):
            raise DeduceError("PTO-TD65", op=op.name)
    if op.name == "tensor.cmp":
        return TensorType(shape, "BOOL", lhs.distributed)
    return TensorType(shape, dtype, lhs.distributed)


def _tensor_scalar(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """DeduceTensorOpElementwiseScalarType, with the subs domain and the bitwise / shift scalar rules."""
    lhs, rhs = param(args, kwargs, 0, "lhs"), param(args, kwargs, 1, "rhs")
    require_kind(op, lhs, TENSOR, "first argument")
    require_kind(op, rhs, SCALAR, "second argument")
    if not isinstance(lhs, TensorType):
        return UNKNOWN
    sd = scalar_dtype(rhs, lhs.dtype, int_fallback="FP32")
    preserve = op.name == "tensor.subs" or op.name in _TENSOR_BITWISE_SCALAR
    dtype = lhs.dtype if preserve or sd is None else promote_dtypes(lhs.dtype, sd)
    if op.name in _TENSOR_BITWISE_SCALAR:
        _require_int_tensor(op, lhs)
        if sd is not None and not is_int(sd):
            raise DeduceError("PTO-TD68", op=op.name, scalar="the shift/bitwise scalar", dtype=dtype_text(sd))
        if op.name in _TENSOR_SHIFT and isinstance(rhs, int) and not isinstance(rhs, bool) and rhs < 0:
            raise DeduceError("PTO-TD71", op=op.name, count=rhs)
    if op.name == "tensor.subs":
        if known(lhs.dtype) and lhs.dtype not in _TSUBS:
            raise DeduceError("PTO-TD67", op=op.name, kind="tensor", dtype=dtype_text(lhs.dtype))
        if isinstance(rhs, bool):
            sd = "BOOL"  # a True / False literal is a ConstBool scalar
        if sd is not None and sd not in _TSUBS:
            raise DeduceError("PTO-TD67", op=op.name, kind="scalar", dtype=dtype_text(sd))
    if op.name == "tensor.cmp":
        return TensorType(lhs.shape, "BOOL", lhs.distributed)
    return TensorType(lhs.shape, dtype, lhs.distributed, valid=lhs.valid)


# ---------------------------------------------------------------------------------------------
# prelu, sel, sels, cmp (tile_ops/elementwise.cpp)
# ---------------------------------------------------------------------------------------------


@family("tile_prelu")
def _tile_prelu(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """DeduceTilePreluType: src and slope share dtype (FP16 / FP32), rank 2 and shape; tmp is rank 2."""
    src, slope, tmp = (param(args, kwargs, i, n) for i, n in enumerate(("tile", "slope", "tmp")))
    require_kind(op, src, TILE, "src")
    require_kind(op, slope, TILE, "slope")
    require_kind(op, tmp, TILE, "tmp")
    if not (isinstance(src, TileType) and isinstance(slope, TileType) and isinstance(tmp, TileType)):
        return UNKNOWN
    if known(src.dtype) and src.dtype not in ("FP16", "FP32"):
        raise DeduceError(
            "PTO-TD73", op=op.name, role="src", domain="{FP16, FP32}", dtype=dtype_text(src.dtype)
        )
    if known(slope.dtype) and known(src.dtype) and slope.dtype != src.dtype:
        raise DeduceError("PTO-TD74", op=op.name, slope=dtype_text(slope.dtype), src=dtype_text(src.dtype))
    if src.rank != 2:
        raise DeduceError("PTO-TD75", op=op.name, role="src", rank=src.rank)
    if slope.rank != src.rank:
        raise DeduceError("PTO-TD76", op=op.name, slope=slope.rank, src=src.rank)
    for i, (x, y) in enumerate(zip(src.shape, slope.shape, strict=True)):
        if _same_static(x, y) is False:
            raise DeduceError(
                "PTO-TD77", op=op.name, dim=i, slope=format_shape(slope.shape), src=format_shape(src.shape)
            )
    if tmp.rank != 2:
        raise DeduceError("PTO-TD75", op=op.name, role="tmp", rank=tmp.rank)
    return _result(src, src.shape, src.dtype)


@family("select")
def _select(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    if op.short_name == "sels":
        return _sels(op, args, kwargs)
    mask, lhs, rhs, tmp = (param(args, kwargs, i, n) for i, n in enumerate(("mask", "lhs", "rhs", "tmp")))
    require_kind(op, mask, TILE, "first argument (mask)")
    require_kind(op, lhs, TILE, "second argument (lhs)")
    require_kind(op, rhs, TILE, "third argument (rhs)")
    require_kind(op, tmp, TILE, "fourth argument (tmp)")
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    return _result(lhs, _broadcast(op, lhs, rhs), promote_dtypes(lhs.dtype, rhs.dtype))


def _sels(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """DeduceTileSelsType: dst = mask ? src : scalar."""
    mask, src, tmp, scalar = (
        param(args, kwargs, i, n) for i, n in enumerate(("mask", "src", "tmp", "scalar"))
    )
    require_kind(op, mask, TILE, "mask")
    require_kind(op, src, TILE, "src")
    require_kind(op, tmp, TILE, "tmp")
    require_kind(op, scalar, SCALAR, "scalar")
    if not (isinstance(mask, TileType) and isinstance(src, TileType) and isinstance(tmp, TileType)):
        return UNKNOWN
    if mask.rank != 2:
        raise DeduceError("PTO-TD75", op=op.name, role="mask", rank=mask.rank)
    if known(mask.dtype) and mask.dtype not in _TSELS_MASK:
        raise DeduceError("PTO-TD79", op=op.name, dtype=dtype_text(mask.dtype))
    if src.rank != 2:
        raise DeduceError("PTO-TD75", op=op.name, role="src", rank=src.rank)
    if known(src.dtype) and src.dtype not in _TSELS:
        raise DeduceError(
            "PTO-TD73",
            op=op.name,
            role="src",
            domain="{INT8, UINT8, INT16, UINT16, INT32, UINT32, FP16, FP32}",
            dtype=dtype_text(src.dtype),
        )
    if tmp.rank != 2:
        raise DeduceError("PTO-TD75", op=op.name, role="tmp", rank=tmp.rank)
    want = _TSELS_SCALAR.get(src.dtype, src.dtype)
    # The wrapper retypes a literal to the signed twin of src's dtype (_normalize_sels_scalar_operand).
    sd = (
        want
        if isinstance(scalar, int | float) and not isinstance(scalar, bool)
        else scalar_dtype(scalar, want)
    )
    if sd is not None and known(src.dtype) and sd != want:
        raise DeduceError(
            "PTO-TD81", op=op.name, want=dtype_text(want), src=dtype_text(src.dtype), got=dtype_text(sd)
        )
    mv, sv = _valid(mask), _valid(src)
    if isinstance(sv[0], int) and isinstance(mv[0], int) and sv[0] > mv[0]:
        raise DeduceError("PTO-TD82", op=op.name, mask=format_shape(mv), src=format_shape(sv))
    short = (
        isinstance(sv[1], int)
        and isinstance(mv[1], int)
        and known(mask.dtype)
        and (sv[1] + 7) // 8 > mv[1] * max(1, DTYPE_BITS[mask.dtype] // 8)
    )
    if short:
        raise DeduceError(
            "PTO-TD83", op=op.name, mask=format_shape(mv), dtype=dtype_text(mask.dtype), src=format_shape(sv)
        )
    return _result(src, src.shape, src.dtype)


def _packed_mask(shape: tuple[Dim, ...]) -> tuple[Dim, ...]:
    """MakePackedPredicateTileType: the last axis holds ceil(n / 8) bytes, rounded up to 32."""
    if not shape:
        return shape
    last = shape[-1]
    packed: Dim = ((last + 7) // 8 + 31) // 32 * 32 if isinstance(last, int) else "?"
    return (*shape[:-1], packed)


@family("compare")
def _compare(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """tile.cmp / tile.cmps (DeduceTileCmpType); tensor.cmp is a binary-or-scalar tensor op."""
    if op.namespace == "tensor":
        return _tensor_binary(op, args, kwargs)
    lhs, rhs = param(args, kwargs, 0, "lhs"), param(args, kwargs, 1, "rhs")
    require_kind(op, lhs, TILE, "first argument")
    if op.short_name == "cmps":
        require_kind(op, rhs, SCALAR, "second argument")
        if not isinstance(lhs, TileType):
            return UNKNOWN
        return TileType(_packed_mask(lhs.shape), "UINT8", "Vec")
    require_kind(op, rhs, TILE, "second argument")
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    return TileType(_packed_mask(_broadcast(op, lhs, rhs)), "UINT8", "Vec")


# ---------------------------------------------------------------------------------------------
# Unary ops and cast (tile_ops/unary.cpp, tensor_ops/unary.cpp)
# ---------------------------------------------------------------------------------------------

_FP32_ONLY = frozenset({"sin", "cos"})
_FLOAT_RESULT = frozenset({"exp", "sqrt", "rsqrt", "recip"})


@family("unary")
def _unary(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else next(iter(kwargs.values()), None)
    name = op.short_name
    tensor = op.namespace == "tensor"
    if tensor:
        require_kind(op, src, TENSOR, "first argument", prefix=False)
    else:
        require_kind(op, src, TILE, "first argument" if name == "rsqrt" else "argument")
    if not isinstance(src, TensorType | TileType):
        return UNKNOWN
    dtype = src.dtype
    if not known(dtype):
        return _result(src, src.shape, dtype)
    if name == "rsqrt" and not tensor:
        tmp = param(args, kwargs, 1, "tmp")
        require_kind(op, tmp, TILE, "tmp argument")
        if isinstance(tmp, TileType) and known(tmp.dtype):
            if tmp.dtype != dtype:
                raise DeduceError("PTO-TD89", op=op.name, tmp=dtype_text(tmp.dtype), src=dtype_text(dtype))
            if tmp.rank != src.rank:
                raise DeduceError("PTO-TD90", op=op.name, tmp=tmp.rank, src=src.rank)
            for i, (x, y) in enumerate(zip(tmp.shape, src.shape, strict=True)):
                if _same_static(x, y) is False:
                    raise DeduceError("PTO-TD91", op=op.name, dim=i, tmp=x, src=y)
    if name in _FP32_ONLY and dtype != "FP32":
        raise DeduceError("PTO-TD84", op=op.name, dtype=dtype_text(dtype), what="x" if tensor else "tile")
    if name == "log" and dtype not in ("FP16", "FP32"):
        raise DeduceError(
            "PTO-TD85", op=op.name, kind="tensor" if tensor else "tile", dtype=dtype_text(dtype)
        )
    if name == "not" and dtype not in ("INT16", "UINT16"):
        raise DeduceError("PTO-TD87" if tensor else "PTO-TD86", op=op.name, dtype=dtype_text(dtype))
    if name == "recip" and flag(kwargs.get("high_precision")) and dtype not in ("FP16", "FP32"):
        raise DeduceError("PTO-TD88", op=op.name)
    if tensor and name in _FLOAT_RESULT and not is_float(dtype):
        dtype = "FP32"
    if name in ("fillpad", "fillpad_inplace"):
        return replace(_result(src, src.shape, dtype), valid=None)  # the padding makes the whole box valid
    return _result(src, src.shape, dtype)


@family("cast")
def _cast(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "input", param(args, kwargs, 0, "tile"))
    target = dtype_arg(param(args, kwargs, 1, "target_type"))
    if isinstance(src, ScalarType) and target:
        return ScalarType(target)
    if isinstance(src, TensorType | TileType):
        _cast_mode(param(args, kwargs, 2, "mode"))
    if op.namespace == "tensor":
        require_kind(op, src, TENSOR, "first argument", prefix=False)
    else:
        require_kind(op, src, TILE, "argument")
    if not isinstance(src, TensorType | TileType) or target is None:
        return UNKNOWN
    if known(src.dtype) and src.dtype == target:
        raise DeduceError("PTO-TD92", op=op.name, dtype=dtype_text(target))
    return _result(src, src.shape, target)


_CAST_MODES = ("none", "rint", "round", "floor", "ceil", "trunc", "odd")


def _cast_mode(mode: ArgValue) -> None:
    """resolve_cast_mode (the IR builder, before the deducer): a mode name, or an int in [0, 6]."""
    if isinstance(mode, bool):
        raise DeduceError("PTO-TD142", mode=repr(mode), expected="str name or int in range [0, 6]")
    if isinstance(mode, int) and not 0 <= mode < len(_CAST_MODES):
        raise DeduceError("PTO-TD142", mode=str(mode), expected=f"int in range [0, {len(_CAST_MODES) - 1}]")
    if isinstance(mode, str) and mode not in _CAST_MODES:
        raise DeduceError("PTO-TD142", mode=repr(mode), expected=f"one of {list(_CAST_MODES)}")


# ---------------------------------------------------------------------------------------------
# Shape-preserving helpers shared by several ops
# ---------------------------------------------------------------------------------------------


@family("same_as_input")
def _same_as_input(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else next(iter(kwargs.values()), None)
    return src if isinstance(src, TensorType | TileType) else UNKNOWN


@family("like_second")
def _like_second(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """The result has the second argument's type (`expand_clone(src, target)`)."""
    target = param(args, kwargs, 1, "target")
    src = param(args, kwargs, 0, "input")
    if op.name == "tensor.expand_clone" and isinstance(src, TensorType) and isinstance(target, TensorType):
        _expand_clone(src, target)
    return target if isinstance(target, TensorType | TileType) else UNKNOWN


def _expand_clone(src: TensorType, target: TensorType) -> None:
    """DeduceTensorExpandCloneType: a 3D input of the target's rank, stretched from extent 1 in one dim at most."""
    if not (src.ranked and target.ranked):
        return
    if src.rank != 3:
        raise DeduceError("PTO-TD140", requirement=f"requires input rank to be 3, but got {src.rank}")
    if src.rank != target.rank:
        raise DeduceError(
            "PTO-TD140",
            requirement=f"requires input rank ({src.rank}) to match target rank ({target.rank})",
        )
    stretched = 0
    for i, (have, want) in enumerate(zip(src.shape, target.shape, strict=True)):
        if have == want:
            continue
        if not (isinstance(have, int) and isinstance(want, int)):
            return  # a symbolic extent may equal the other one: upstream proves, we cannot
        if have != 1:
            raise DeduceError(
                "PTO-TD140",
                requirement=f"only allows broadcasting from dimension 1, but input shape {format_shape(src.shape)} "
                f"cannot be expanded to {format_shape(target.shape)} at dim {i} (got {have} -> {want})",
            )
        stretched += 1
    if stretched > 1:
        raise DeduceError(
            "PTO-TD140",
            requirement=f"allows broadcasting in at most one dimension, but got {stretched} (input shape "
            f"{format_shape(src.shape)}, target shape {format_shape(target.shape)})",
        )


@family("task_id")
def _task_id(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """A task handle (`pl.system.task_dummy`)."""
    return ScalarType("TASK_ID")
