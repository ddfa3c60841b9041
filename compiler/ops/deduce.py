"""Type-deduction families: the result type of a registered op, or the compiler's error text.

Each registered op names its family in `OpDef.deduce`. A family reads the DSL-level call
(positional args in the wrapper's order, keyword args by name) and returns the result type, or
raises `DeduceError` with the deducer's message (without the parser's `pl operation '...'` prefix).
Operands we cannot type (UNKNOWN, symbolic dims) never cause an error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from compiler import catalog
from compiler.ops.opdef import OpDef
from compiler.ops.registry import memory_of
from compiler.types import UNKNOWN, ArgValue, Dim, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import DTYPE_BITS, DTYPES, DTypeValue, EnumValue

Shaped = TensorType | TileType

_FLOATS = frozenset({"FP4", "FP8E4M3FN", "FP8E5M2", "FP8E8M0", "HF4", "HF8", "FP16", "BF16", "FP32"})
_SIGNED = frozenset({"INT4", "INT8", "INT16", "INT32", "INT64"})


class DeduceError(ValueError):
    """A type-deduction failure carrying the compiler's message text."""


# ---------------------------------------------------------------------------------------------
# Shared helpers (type_inference.cpp)
# ---------------------------------------------------------------------------------------------


def is_float(dtype: str) -> bool:
    """DataType::IsFloat."""
    return dtype in _FLOATS


def promote_dtypes(a: str, b: str) -> str:
    """PromoteDataTypes: float beats int, wider beats narrower, signed beats unsigned at equal width."""
    if a == b:
        return a
    fa, fb = is_float(a), is_float(b)
    if fa != fb:
        return a if fa else b
    ba, bb = DTYPE_BITS.get(a, 32), DTYPE_BITS.get(b, 32)
    if ba != bb:
        return a if ba > bb else b
    if not fa and a in _SIGNED:
        return a
    if not fb and b in _SIGNED:
        return b
    return a


def broadcast_shapes(a: Sequence[Dim], b: Sequence[Dim]) -> tuple[Dim, ...] | None:
    """NumPy-style right-aligned broadcast; None when two static extents disagree (neither is 1).

    A symbolic extent is assumed compatible: it may be an unresolved constant.
    """
    out: list[Dim] = []
    for i in range(max(len(a), len(b))):
        da = a[len(a) - 1 - i] if i < len(a) else None
        db = b[len(b) - 1 - i] if i < len(b) else None
        if da is None or db is None:
            out.append(db if da is None else da)  # type: ignore[arg-type]
        elif da == db:
            out.append(da)
        elif da == 1:
            out.append(db)
        elif db == 1:
            out.append(da)
        elif isinstance(da, str) or isinstance(db, str):
            out.append(da if isinstance(da, int) else db)
        else:
            return None
    return tuple(reversed(out))


def format_shape(shape: Sequence[Dim]) -> str:
    """FormatShape: `[64, 128]`."""
    return "[" + ", ".join(str(d) for d in shape) + "]"


def type_name(value: ArgValue) -> str:
    """Type::TypeName of an argument."""
    if isinstance(value, TensorType):
        return "TensorType"
    if isinstance(value, TileType):
        return "TileType"
    if isinstance(value, ScalarType | bool | int | float):
        return "ScalarType"
    return "UnknownType"


def _static(d: Dim) -> int | None:
    return d if isinstance(d, int) else None


def _param(
    args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue], idx: int, name: str, default: ArgValue = None
) -> ArgValue:
    if name in kwargs:
        return kwargs[name]
    if 0 <= idx < len(args):
        return args[idx]
    return default


def _shape(value: ArgValue) -> tuple[Dim, ...] | None:
    if isinstance(value, list | tuple):
        dims: list[Dim] = []
        for item in value:
            if isinstance(item, bool):
                return None
            if isinstance(item, int | str):
                dims.append(item)
            else:
                dims.append("?")
        return tuple(dims)
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,)
    return None


def _dtype(value: ArgValue) -> str | None:
    if isinstance(value, DTypeValue):
        return value.name
    if isinstance(value, EnumValue) and value.enum == "DataType":
        return value.member
    if isinstance(value, str) and value.upper() in DTYPES:
        return value.upper()
    return None


def _flag(value: ArgValue) -> bool:
    return bool(value) if isinstance(value, bool | int) else False


def _with_shape(
    like: Shaped, shape: tuple[Dim, ...], dtype: str | None = None, memory: str | None = None
) -> Shaped:
    dt = dtype or like.dtype
    if isinstance(like, TensorType):
        return TensorType(shape, dt, like.distributed)
    return TileType(shape, dt, memory if memory is not None else like.memory)


def _vec(like: Shaped, shape: tuple[Dim, ...], dtype: str | None = None) -> Shaped:
    """A result in Vec for a tile op (fixed(Vec)); tensors stay tensors."""
    if isinstance(like, TileType):
        return TileType(shape, dtype or like.dtype, "Vec")
    return TensorType(shape, dtype or like.dtype, like.distributed)


def _shaped_pair(lhs: ArgValue, rhs: ArgValue) -> tuple[Shaped, Shaped] | None:
    if isinstance(lhs, TensorType) and isinstance(rhs, TensorType):
        return lhs, rhs
    if isinstance(lhs, TileType) and isinstance(rhs, TileType):
        return lhs, rhs
    return None


Family = Callable[[OpDef, Sequence[ArgValue], Mapping[str, ArgValue]], ValueType]
FAMILIES: dict[str, Family] = {}


def family(name: str) -> Callable[[Family], Family]:
    """Register a deduction family under `name`."""

    def register(fn: Family) -> Family:
        FAMILIES[name] = fn
        return fn

    return register


def deduce(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """The result type of calling `op`; raises DeduceError with the compiler's message."""
    fn = FAMILIES.get(op.deduce or "")
    if fn is None:
        return UNKNOWN
    return fn(op, args, kwargs)


# ---------------------------------------------------------------------------------------------
# Element-wise, unary, reductions, broadcasts
# ---------------------------------------------------------------------------------------------


@family("binary")
def _binary(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs = _param(args, kwargs, 0, "lhs")
    rhs = _param(args, kwargs, 1, "rhs")
    pair = _shaped_pair(lhs, rhs)
    if pair is None:
        return lhs if isinstance(lhs, TensorType | TileType) else UNKNOWN
    a, b = pair
    shape = broadcast_shapes(a.shape, b.shape)
    if shape is None:
        raise DeduceError(
            f"The operator {op.name} requires compatible shapes, but got "
            f"{format_shape(a.shape)} and {format_shape(b.shape)}"
        )
    dtype = a.dtype if op.short_name in ("shl", "shr") else promote_dtypes(a.dtype, b.dtype)
    return _vec(a, shape, dtype)


@family("binary_scalar")
def _binary_scalar(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs = _param(args, kwargs, 0, "lhs", _param(args, kwargs, 0, "tile"))
    if not isinstance(lhs, TensorType | TileType):
        return UNKNOWN
    return _vec(lhs, lhs.shape)


@family("unary")
def _unary(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else next(iter(kwargs.values()), None)
    if not isinstance(src, TensorType | TileType):
        return UNKNOWN
    return _vec(src, src.shape)


@family("same_as_input")
def _same_as_input(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else next(iter(kwargs.values()), None)
    return src if isinstance(src, TensorType | TileType) else UNKNOWN


@family("like_second")
def _like_second(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """The result has the second argument's type (`expand_clone(src, target)`)."""
    target = _param(args, kwargs, 1, "target")
    return target if isinstance(target, TensorType | TileType) else UNKNOWN


@family("task_id")
def _task_id(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """A task handle (`pl.system.task_dummy`)."""
    return ScalarType("TASK_ID")


@family("sort32")
def _sort32(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """(value, index) pairs: the last dimension doubles, the dtype is the source's."""
    src = _param(args, kwargs, 0, "src")
    if not isinstance(src, TensorType | TileType) or not src.shape:
        return UNKNOWN
    last = src.shape[-1]
    doubled: Dim = last * 2 if isinstance(last, int) else "?"
    return _vec(src, (*src.shape[:-1], doubled))


@family("mrgsort")
def _mrgsort(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """Merge sort: one source keeps its shape; several concatenate along the last dimension."""
    names = ("src0", "src1", "src2", "src3")
    sources = [
        s for i, n in enumerate(names) if isinstance(s := _param(args, kwargs, i, n), TensorType | TileType)
    ]
    if not sources or not sources[0].shape:
        return UNKNOWN
    first = sources[0]
    if op.name.endswith("format1"):
        return _vec(first, first.shape)
    lasts = [s.shape[-1] if s.shape else "?" for s in sources]
    total: Dim = sum(lasts) if all(isinstance(d, int) for d in lasts) else "?"  # type: ignore[arg-type]
    return _vec(first, (*first.shape[:-1], total))


@family("gather_index")
def _gather_index(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """`gather(input, dim, index)`: the index's shape with the input's dtype."""
    src = _param(args, kwargs, 0, "input")
    index = _param(args, kwargs, 2, "index")
    if not isinstance(src, TensorType | TileType) or not isinstance(index, TensorType | TileType):
        return UNKNOWN
    return _vec(src, index.shape, src.dtype)


@family("select")
def _select(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 1, "lhs" if op.short_name == "sel" else "src")
    return _vec(src, src.shape) if isinstance(src, TensorType | TileType) else UNKNOWN


@family("cast")
def _cast(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 0, "input", _param(args, kwargs, 0, "tile"))
    target = _dtype(_param(args, kwargs, 1, "target_type"))
    if isinstance(src, ScalarType) and target:
        return ScalarType(target)
    if not isinstance(src, TensorType | TileType) or target is None:
        return UNKNOWN
    return _vec(src, src.shape, target)


def _reduce(op: OpDef, args: Sequence[ArgValue], rows: bool, dtype: str | None) -> ValueType:
    src = args[0] if args else None
    if not isinstance(src, TensorType | TileType):
        return UNKNOWN
    if src.rank < 2:
        raise DeduceError(f"The operator {op.name} requires input to be at least 2D, but got {src.rank}D")
    shape = (*src.shape[:-1], 1) if rows else (*src.shape[:-2], 1, src.shape[-1])
    return _vec(src, shape, dtype)


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
    vec = args[1] if len(args) > 1 else None
    if not isinstance(target, TensorType | TileType):
        return UNKNOWN
    if isinstance(vec, TensorType | TileType) and target.rank == 2 and vec.rank == 2:
        m, n = target.shape
        want: tuple[Dim, Dim] = (m, 1) if rows else (1, n)
        if any(
            isinstance(w, int) and isinstance(g, int) and w != g for w, g in zip(want, vec.shape, strict=True)
        ):
            role = "row_vec" if rows else "col_vec"
            raise DeduceError(
                f"The operator {op.name} requires {role} shape {format_shape(want)}, "
                f"but got {format_shape(vec.shape)}"
            )
    return _vec(target, target.shape)


@family("row_expand")
def _row_expand(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _expand(op, args, True)


@family("col_expand")
def _col_expand(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _expand(op, args, False)


@family("concat")
def _concat(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    pair = _shaped_pair(_param(args, kwargs, 0, "src0"), _param(args, kwargs, 1, "src1"))
    if pair is None:
        return UNKNOWN
    a, b = pair
    if a.rank != b.rank or a.rank == 0:
        raise DeduceError(
            f"The operator {op.name} requires inputs of the same rank, but got "
            f"{format_shape(a.shape)} and {format_shape(b.shape)}"
        )
    last_a, last_b = a.shape[-1], b.shape[-1]
    last: Dim = last_a + last_b if isinstance(last_a, int) and isinstance(last_b, int) else "?"
    return _vec(a, (*a.shape[:-1], last), promote_dtypes(a.dtype, b.dtype))


# ---------------------------------------------------------------------------------------------
# Matmul family (tensor_ops/matmul.cpp, tile_ops/matmul.cpp, batch_matmul.cpp, matmul_mx.cpp)
# ---------------------------------------------------------------------------------------------


def _acc_dtype(lhs: str, rhs: str) -> str:
    return "FP32" if is_float(lhs) and is_float(rhs) else "INT32"


def check_init_cond(op_name: str, cond: ArgValue) -> None:
    """CheckMatmulInitCond: the optional predicate must be a BOOL scalar."""
    if cond is None or isinstance(cond, bool) or type_name(cond) == "UnknownType":
        return
    if isinstance(cond, TensorType | TileType):
        raise DeduceError(
            f"The operator {op_name} requires init_cond to be a boolean scalar, but got {type_name(cond)}"
        )
    if isinstance(cond, ScalarType) and cond.dtype != "BOOL":
        raise DeduceError(
            f"The operator {op_name} requires init_cond to have dtype BOOL, but got {cond.dtype}. "
            "Write a comparison such as `k == 0` rather than passing the index itself."
        )


def _k_mismatch(prefix: str, lk: Dim, rk: Dim, what: str = "inner dimensions") -> None:
    if isinstance(lk, int) and isinstance(rk, int) and lk != rk:
        raise DeduceError(f"{prefix} requires matching {what}, but got lhs K={lk} and rhs K={rk}")


@family("matmul")
def _matmul(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, rhs = _param(args, kwargs, 0, "lhs"), _param(args, kwargs, 1, "rhs")
    if op.namespace == "tile":
        if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
            return UNKNOWN
        shape, dtype = _tile_product(op.name, lhs, rhs)
        return TileType(shape, dtype, "Acc")
    if not (isinstance(lhs, TensorType) and isinstance(rhs, TensorType)):
        return UNKNOWN
    out_dtype = _dtype(_param(args, kwargs, 2, "out_dtype")) or promote_dtypes(lhs.dtype, rhs.dtype)
    a_t = _flag(_param(args, kwargs, 3, "a_trans"))
    b_t = _flag(_param(args, kwargs, 4, "b_trans"))
    return TensorType(_tensor_product(op.name, lhs.shape, rhs.shape, a_t, b_t), out_dtype)


def _tensor_product(
    name: str, ls: tuple[Dim, ...], rs: tuple[Dim, ...], a_t: bool, b_t: bool
) -> tuple[Dim, ...]:
    if not ls or not rs:
        side = "lhs" if not ls else "rhs"
        raise DeduceError(f"{name} requires {side} to have at least 1 dimension")
    if len(ls) == 1 and len(rs) == 1:
        if isinstance(ls[0], int) and isinstance(rs[0], int) and ls[0] != rs[0]:
            raise DeduceError(
                f"{name} dot product requires matching dimensions, but got lhs K={ls[0]} and rhs K={rs[0]}"
            )
        return ()
    if len(ls) == 2 and len(rs) == 1:
        _k_mismatch(name, ls[1], rs[0])
        return (ls[0],)
    if len(ls) == 1 and len(rs) == 2:
        _k_mismatch(name, ls[0], rs[0])
        return (rs[1],)
    if len(ls) == 2 and len(rs) == 2:
        m, lk = (ls[1], ls[0]) if a_t else (ls[0], ls[1])
        rk, n = (rs[1], rs[0]) if b_t else (rs[0], rs[1])
        _k_mismatch(name, lk, rk)
        return (m, n)
    if len(ls) < 2 or len(rs) < 2:
        raise DeduceError(
            f"{name} requires both tensors to have at least 2 dimensions for batched matmul, "
            f"but got lhs shape size {len(ls)} and rhs shape size {len(rs)}"
        )
    batch = broadcast_shapes(ls[:-2], rs[:-2])
    if batch is None:
        raise DeduceError(f"Cannot broadcast batch dimensions for {name}")
    m, lk = (ls[-1], ls[-2]) if a_t else (ls[-2], ls[-1])
    rk, n = (rs[-1], rs[-2]) if b_t else (rs[-2], rs[-1])
    _k_mismatch(name, lk, rk, "inner dimensions for batched matmul")
    return (*batch, m, n)


def _tile_product(name: str, lhs: TileType, rhs: TileType) -> tuple[tuple[Dim, Dim], str]:
    """DeduceMatmulProductInfo: 2D operands, matching physical K, identical dtypes."""
    prefix = f"The operator {name}"
    for side, t in (("lhs", lhs), ("rhs", rhs)):
        if t.rank != 2:
            raise DeduceError(f"{prefix} requires {side} to be 2D, but got {t.rank} dimensions")
    _k_mismatch(prefix, lhs.shape[1], rhs.shape[0], "physical inner dimensions (physical K)")
    if lhs.dtype != rhs.dtype:
        raise DeduceError(
            f"{prefix} requires identical lhs and rhs data types, but got {lhs.dtype} and {rhs.dtype}"
        )
    return (lhs.shape[0], rhs.shape[1]), _acc_dtype(lhs.dtype, rhs.dtype)


def _check_acc(name: str, acc: TileType, shape: tuple[Dim, ...], dtype: str) -> None:
    prefix = f"The operator {name}"
    if acc.rank != len(shape):
        raise DeduceError(f"{prefix} requires acc to be {len(shape)}D, but got {acc.rank} dimensions")
    for axis, label in ((-2, "M"), (-1, "N")):
        got, want = acc.shape[axis], shape[axis]
        if isinstance(got, int) and isinstance(want, int) and got != want:
            raise DeduceError(
                f"{prefix} requires matching physical {label} dimensions, but got acc {label}={got} "
                f"and product {label}={want}"
            )
    if acc.dtype != dtype:
        raise DeduceError(f"{prefix} requires accumulator dtype {dtype}, but got {acc.dtype}")


@family("matmul_acc")
def _matmul_acc(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    acc = _param(args, kwargs, 0, "acc")
    lhs, rhs = _param(args, kwargs, 1, "lhs"), _param(args, kwargs, 2, "rhs")
    if op.namespace == "tile":
        check_init_cond(op.name, _param(args, kwargs, 3, "init_cond"))
        if not (isinstance(acc, TileType) and isinstance(lhs, TileType) and isinstance(rhs, TileType)):
            return UNKNOWN
        shape, dtype = _tile_product(op.name, lhs, rhs)
        _check_acc(op.name, acc, shape, dtype)
        return TileType(acc.shape, dtype, "Acc")
    check_init_cond(op.name, _param(args, kwargs, 5, "init_cond"))
    if not (isinstance(acc, TensorType) and isinstance(lhs, TensorType) and isinstance(rhs, TensorType)):
        return UNKNOWN
    if acc.rank < 2:
        raise DeduceError(f"{op.name} requires acc to be at least 2D, but got {acc.rank}D")
    a_t = _flag(_param(args, kwargs, 3, "a_trans"))
    b_t = _flag(_param(args, kwargs, 4, "b_trans"))
    _tensor_product(op.name, lhs.shape, rhs.shape, a_t, b_t)
    return acc


@family("matmul_bias")
def _matmul_bias(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, rhs, bias = (_param(args, kwargs, i, n) for i, n in enumerate(("lhs", "rhs", "bias")))
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType) and isinstance(bias, TileType)):
        return UNKNOWN
    shape, dtype = _tile_product(op.name, lhs, rhs)
    _check_bias(op.name, bias, rhs.shape[1], dtype, " to match the accumulator")
    return TileType(shape, dtype, "Acc")


def _check_bias(name: str, bias: TileType, n: Dim, dtype: str, tail: str) -> None:
    prefix = f"The operator {name}"
    if bias.rank != 2:
        raise DeduceError(f"{prefix} requires bias to be 2D, but got {bias.rank} dimensions")
    if bias.shape[0] != 1 and not isinstance(bias.shape[0], str):
        raise DeduceError(f"{prefix} requires bias to have shape [1, N], but got {format_shape(bias.shape)}")
    bn = bias.shape[1]
    if isinstance(bn, int) and isinstance(n, int) and bn != n:
        raise DeduceError(f"{prefix} requires bias N dimension to match output N={n}, but got bias N={bn}")
    if bias.dtype != dtype:
        raise DeduceError(f"{prefix} requires bias dtype {dtype}{tail}, but got {bias.dtype}")


def _batch_product(name: str, lhs: TileType, rhs: TileType) -> tuple[tuple[Dim, ...], str]:
    prefix = f"The operator {name}"
    for side, t in (("lhs", lhs), ("rhs", rhs)):
        if t.rank < 2:
            raise DeduceError(f"{prefix} requires {side} to be at least 2D, but got {t.rank} dimensions")
    batch = broadcast_shapes(lhs.shape[:-2], rhs.shape[:-2])
    if batch is None:
        raise DeduceError(
            f"{prefix} requires broadcastable batch dimensions, but got "
            f"{format_shape(lhs.shape[:-2])} and {format_shape(rhs.shape[:-2])}"
        )
    _k_mismatch(prefix, lhs.shape[-1], rhs.shape[-2])
    if lhs.dtype != rhs.dtype:
        raise DeduceError(
            f"{prefix} requires identical lhs and rhs data types, but got {lhs.dtype} and {rhs.dtype}"
        )
    return (*batch, lhs.shape[-2], rhs.shape[-1]), _acc_dtype(lhs.dtype, rhs.dtype)


@family("batch_matmul")
def _batch_matmul(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, rhs = _param(args, kwargs, 0, "lhs"), _param(args, kwargs, 1, "rhs")
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    shape, dtype = _batch_product(op.name, lhs, rhs)
    return TileType(shape, dtype, "Acc")


@family("batch_matmul_acc")
def _batch_matmul_acc(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    acc = _param(args, kwargs, 0, "acc")
    lhs, rhs = _param(args, kwargs, 1, "lhs"), _param(args, kwargs, 2, "rhs")
    check_init_cond(op.name, _param(args, kwargs, 3, "init_cond"))
    if not (isinstance(acc, TileType) and isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    shape, dtype = _batch_product(op.name, lhs, rhs)
    _check_acc(op.name, acc, shape, dtype)
    return TileType(acc.shape, dtype, "Acc")


_GEMV_DTYPES = frozenset({"INT8", "FP16", "BF16", "FP32"})
_ACC_PHASES = ("unspecified", "partial", "final")


def _gemv_product(op: OpDef, lhs: TileType, rhs: TileType, phase: ArgValue) -> TileType:
    prefix = f"The operator {op.name}"
    if phase is not None:
        text = (phase.member if isinstance(phase, EnumValue) else str(phase)).lower()
        if text not in _ACC_PHASES:
            raise DeduceError(
                f"{prefix} requires acc_phase to be one of {{unspecified, partial, final}}, but got {text}"
            )
    _tile_product(op.name, lhs, rhs)
    if lhs.dtype not in _GEMV_DTYPES:
        raise DeduceError(
            f"{prefix} supports only INT8 x INT8 -> INT32 and same-type FP16/BF16/FP32 inputs -> FP32, "
            f"but got {lhs.dtype}"
        )
    rows = lhs.shape[0]
    if isinstance(rows, int) and rows != 1:
        raise DeduceError(
            f"GEMV requires lhs physical row extent to be exactly 1, but got shape {format_shape(lhs.shape)}"
        )
    return TileType((16, rhs.shape[1]), "INT32" if lhs.dtype == "INT8" else "FP32", "Acc")


@family("gemv")
def _gemv(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, rhs = _param(args, kwargs, 0, "lhs"), _param(args, kwargs, 1, "rhs")
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    return _gemv_product(op, lhs, rhs, _param(args, kwargs, 2, "acc_phase"))


@family("gemv_acc")
def _gemv_acc(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    acc = _param(args, kwargs, 0, "acc")
    lhs, rhs = _param(args, kwargs, 1, "lhs"), _param(args, kwargs, 2, "rhs")
    check_init_cond(op.name, kwargs.get("init_cond"))
    if not (isinstance(acc, TileType) and isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    prefix = f"The operator {op.name}"
    if acc.rank != 2:
        raise DeduceError(f"{prefix} requires acc to be 2D, but got {acc.rank} dimensions")
    expected = _gemv_product(op, lhs, rhs, _param(args, kwargs, 3, "acc_phase"))
    for got, want in zip(acc.shape, expected.shape, strict=True):
        if isinstance(got, int) and isinstance(want, int) and got != want:
            raise DeduceError(
                f"{prefix} requires accumulator physical shape {format_shape(expected.shape)}, "
                f"but got {format_shape(acc.shape)}"
            )
    if acc.dtype != expected.dtype:
        raise DeduceError(f"{prefix} requires accumulator dtype {expected.dtype}, but got {acc.dtype}")
    return expected


@family("gemv_bias")
def _gemv_bias(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, rhs, bias = (_param(args, kwargs, i, n) for i, n in enumerate(("lhs", "rhs", "bias")))
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType) and isinstance(bias, TileType)):
        return UNKNOWN
    expected = _gemv_product(op, lhs, rhs, _param(args, kwargs, 3, "acc_phase"))
    _check_bias(op.name, bias, rhs.shape[1], expected.dtype, " to match the accumulator output")
    return expected


_MX_DATA = "FP8E4M3FN"


def _mx_product(
    op: OpDef, lhs: TileType, lhs_scale: ArgValue, rhs: TileType, rhs_scale: ArgValue
) -> TileType:
    """DeduceTileMatMulMxType: FP8E4M3FN data, M%16, N%32, K%64, scale geometry [M, K/32] / [K/32, N]."""
    prefix = f"The operator {op.name}"
    if lhs.rank != 2 or rhs.rank != 2:
        raise DeduceError(f"{prefix} requires 2D lhs/rhs tiles")
    if lhs.dtype != _MX_DATA or rhs.dtype != _MX_DATA:
        hint = (
            " (cast an FP4 lhs with pl.cast(x, pl.FP8E4M3FN) first)"
            if "FP4" in (lhs.dtype, rhs.dtype)
            else ""
        )
        raise DeduceError(
            f"{prefix} requires FP8E4M3FN lhs and rhs data tiles{hint}, but got {lhs.dtype} and {rhs.dtype}"
        )
    m, lk = lhs.shape
    rk, n = rhs.shape
    if isinstance(m, int) and (m <= 0 or m % 16):
        raise DeduceError(
            f"{prefix} requires physical M divisible by 16 (ISA/PTOAS tmatmul_mx), but got M={m}"
        )
    if isinstance(n, int) and (n <= 0 or n % 32):
        raise DeduceError(
            f"{prefix} requires physical N divisible by 32 (ISA/PTOAS tmatmul_mx fp8), but got N={n}"
        )
    if isinstance(lk, int) and isinstance(rk, int) and lk != rk:
        raise DeduceError(f"{prefix} requires matching physical K, but got lhs K={lk} and rhs K={rk}")
    for side, k in (("lhs", lk), ("rhs", rk)):
        if isinstance(k, int) and (k <= 0 or k % 64):
            raise DeduceError(
                f"{prefix} requires physical K divisible by 64 (ISA/PTOAS tmatmul_mx), but got {side} K={k}"
            )
    groups: Dim = (lk + 31) // 32 if isinstance(lk, int) else "?"
    for name, scale, want in (("lhs_scale", lhs_scale, (m, groups)), ("rhs_scale", rhs_scale, (groups, n))):
        if not isinstance(scale, TileType):
            continue
        if scale.rank != 2:
            raise DeduceError(f"{prefix} requires {name} to be 2D, but got {scale.rank} dimensions")
        r, c = scale.shape
        flat = r == 1 and isinstance(c, int) and all(isinstance(w, int) for w in want)
        if flat and isinstance(want[0], int) and isinstance(want[1], int) and c == want[0] * want[1]:
            continue  # packed-flat [1, rows*cols]
        for label, got, exp in (("rows", r, want[0]), ("cols", c, want[1])):
            if isinstance(got, int) and isinstance(exp, int) and got != exp:
                raise DeduceError(f"{prefix} requires {name} {label}={exp}, but got {got}")
    return TileType((m, n), "FP32", "Acc")


@family("matmul_mx")
def _matmul_mx(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, ls, rhs, rs = (
        _param(args, kwargs, i, n) for i, n in enumerate(("lhs", "lhs_scale", "rhs", "rhs_scale"))
    )
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    return _mx_product(op, lhs, ls, rhs, rs)


@family("matmul_mx_acc")
def _matmul_mx_acc(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    names = ("acc", "lhs", "lhs_scale", "rhs", "rhs_scale")
    acc, lhs, ls, rhs, rs = (_param(args, kwargs, i, n) for i, n in enumerate(names))
    if not (isinstance(acc, TileType) and isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    prefix = f"The operator {op.name}"
    if acc.rank != 2:
        raise DeduceError(f"{prefix} requires acc to be 2D, but got {acc.rank} dimensions")
    if acc.dtype != "FP32":
        raise DeduceError(f"{prefix} requires acc dtype FP32, but got {acc.dtype}")
    out = _mx_product(op, lhs, ls, rhs, rs)
    for axis, label in ((0, "rows to match output M"), (1, "cols to match output N")):
        got, want = acc.shape[axis], out.shape[axis]
        if isinstance(got, int) and isinstance(want, int) and got != want:
            raise DeduceError(f"{prefix} requires acc {label}")
    return out


@family("matmul_mx_bias")
def _matmul_mx_bias(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    names = ("lhs", "lhs_scale", "rhs", "rhs_scale", "bias")
    lhs, ls, rhs, rs, bias = (_param(args, kwargs, i, n) for i, n in enumerate(names))
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    prefix = f"The operator {op.name}"
    if isinstance(bias, TileType):
        if bias.rank != 2:
            raise DeduceError(f"{prefix} requires bias to be 2D, but got {bias.rank} dimensions")
        if bias.dtype != "FP32":
            raise DeduceError(f"{prefix} requires bias dtype FP32, but got {bias.dtype}")
    out = _mx_product(op, lhs, ls, rhs, rs)
    if isinstance(bias, TileType):
        if isinstance(bias.shape[0], int) and bias.shape[0] != 1:
            raise DeduceError(f"{prefix} requires bias shape [1, N]")
        bn, n = bias.shape[1], out.shape[1]
        if isinstance(bn, int) and isinstance(n, int) and bn != n:
            raise DeduceError(f"{prefix} requires bias cols to match N")
    return out


# ---------------------------------------------------------------------------------------------
# Memory and view ops (tile_ops/memory.cpp, transform.cpp, tensor_ops/memory.cpp, transform.cpp)
# ---------------------------------------------------------------------------------------------


@family("load")
def _load(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 0, "tensor")
    shape = _shape(_param(args, kwargs, 2, "shapes"))
    if not isinstance(src, TensorType) or shape is None:
        return UNKNOWN
    memory = memory_of(_param(args, kwargs, 4, "target_memory")) or "Vec"
    return TileType(shape, src.dtype, memory)


@family("store")
def _store(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    out = _param(args, kwargs, 2, "output_tensor")
    return out if isinstance(out, TensorType) else UNKNOWN


@family("move")
def _move(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 0, "tile")
    if not isinstance(src, TileType):
        return UNKNOWN
    return src.with_memory(memory_of(_param(args, kwargs, 1, "target_memory")) or "Vec")


@family("extract")
def _extract(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 0, "src")
    shape = _shape(_param(args, kwargs, 3, "shape"))
    if not isinstance(src, TileType) or shape is None:
        return UNKNOWN
    return TileType(shape, src.dtype, memory_of(kwargs.get("target_memory")) or "Vec")


@family("slice")
def _slice(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 0, "input", _param(args, kwargs, 0, "tensor"))
    shape = _shape(_param(args, kwargs, 1, "shape"))
    if not isinstance(src, TensorType | TileType) or shape is None:
        return UNKNOWN
    drops = _param(args, kwargs, 4, "drop_dims")
    if isinstance(drops, list | tuple):
        dropped = {d for d in drops if isinstance(d, int) and not isinstance(d, bool)}
        shape = tuple(d for i, d in enumerate(shape) if i not in dropped)
    return _with_shape(src, shape)


@family("reshape")
def _reshape(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 0, "input", _param(args, kwargs, 0, "tensor"))
    shape = _shape(_param(args, kwargs, 1, "shape"))
    if not isinstance(src, TensorType | TileType) or shape is None:
        return UNKNOWN
    old, new = _numel(src.shape), _numel(shape)
    if old is not None and new is not None and old != new:
        raise DeduceError(
            f"The operator {op.name} requires the same number of elements, but got "
            f"{format_shape(src.shape)} ({old} elements) and {format_shape(shape)} ({new} elements)"
        )
    return _with_shape(src, shape)


def _numel(shape: Sequence[Dim]) -> int | None:
    total = 1
    for d in shape:
        if not isinstance(d, int):
            return None
        total *= d
    return total


@family("transpose")
def _transpose(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 0, "input", _param(args, kwargs, 0, "tile"))
    if not isinstance(src, TensorType | TileType):
        return UNKNOWN
    if op.short_name == "transpose_view":
        a1, a2 = src.rank - 2, src.rank - 1
    else:
        x1, x2 = _param(args, kwargs, 1, "axis1"), _param(args, kwargs, 2, "axis2")
        if not (isinstance(x1, int) and isinstance(x2, int)):
            return UNKNOWN
        a1, a2 = x1 % src.rank if src.rank else 0, x2 % src.rank if src.rank else 0
        for axis in (x1, x2):
            if not -src.rank <= axis < src.rank:
                raise DeduceError(
                    f"The operator {op.name} requires axis in range [-{src.rank}, {src.rank}), but got {axis}"
                )
    if src.rank < 2:
        return src
    dims = list(src.shape)
    dims[a1], dims[a2] = dims[a2], dims[a1]
    return _with_shape(src, tuple(dims))


@family("assemble")
def _assemble(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    target = _param(args, kwargs, 0, "target")
    return target if isinstance(target, TensorType | TileType) else UNKNOWN


@family("view")
def _view(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 0, "tensor")
    if not isinstance(src, TensorType):
        return UNKNOWN
    shape = _shape(_param(args, kwargs, 1, "shape"))
    return TensorType(shape if shape is not None else src.shape, src.dtype, src.distributed)


@family("reinterpret_view")
def _reinterpret_view(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 0, "data")
    dtype = _dtype(_param(args, kwargs, 1, "dtype"))
    if not isinstance(src, TensorType | TileType) or dtype is None:
        return UNKNOWN
    shape = _shape(kwargs.get("shape"))
    if shape is None:
        last = src.shape[-1] if src.shape else None
        old_bits, new_bits = DTYPE_BITS.get(src.dtype, 32), DTYPE_BITS.get(dtype, 32)
        if isinstance(last, int) and (last * old_bits) % new_bits == 0:
            shape = (*src.shape[:-1], last * old_bits // new_bits)
        else:
            shape = src.shape
    return _with_shape(src, shape, dtype)


@family("fillpad_expand")
def _fillpad_expand(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else None
    shape = _shape(_param(args, kwargs, 1, "shape"))
    if not isinstance(src, TensorType | TileType) or shape is None:
        return UNKNOWN
    return _vec(src, shape)


@family("create")
def _create(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    shape = _shape(_param(args, kwargs, 0, "shape"))
    dtype = _dtype(_param(args, kwargs, 1, "dtype"))
    if shape is None or dtype is None:
        return UNKNOWN
    if op.namespace == "tensor":
        return TensorType(shape, dtype)
    memory = memory_of(_param(args, kwargs, 2, "target_memory")) or "Vec"
    if memory in ("LeftScale", "RightScale"):
        raise DeduceError(
            f"The operator {op.name} does not support target_memory={memory}; load the MX scale data "
            "into Mat and tile.move it into the scale memory instead"
        )
    return TileType(shape, dtype, memory)


@family("full")
def _full(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    shape = _shape(_param(args, kwargs, 0, "shape"))
    dtype = _dtype(_param(args, kwargs, 1, "dtype"))
    if shape is None or dtype is None:
        return UNKNOWN
    return TensorType(shape, dtype) if op.namespace == "tensor" else TileType(shape, dtype, "Vec")


@family("ci")
def _ci(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    shape = _shape(_param(args, kwargs, 1, "shape"))
    dtype_idx = 3 if op.short_name == "tri" else 2
    dtype = _dtype(_param(args, kwargs, dtype_idx, "dtype", DTypeValue("INT32")))
    if shape is None or dtype is None:
        return UNKNOWN
    return TensorType(shape, dtype) if op.namespace == "tensor" else TileType(shape, dtype, "Vec")


@family("random")
def _random(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    shape = _shape(_param(args, kwargs, 6, "shape"))
    dtype_idx = 7 if op.namespace == "tensor" else 8
    dtype = _dtype(_param(args, kwargs, dtype_idx, "dtype", DTypeValue("UINT32")))
    if shape is None or dtype is None:
        return UNKNOWN
    return TensorType(shape, dtype) if op.namespace == "tensor" else TileType(shape, dtype, "Vec")


@family("read")
def _read(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else None
    return ScalarType(src.dtype) if isinstance(src, TensorType | TileType) else UNKNOWN


@family("write")
def _write(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else None
    return src if isinstance(src, TensorType | TileType) else UNKNOWN


@family("mgather")
def _mgather(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    mem, idx = _param(args, kwargs, 0, "mem"), _param(args, kwargs, 1, "idx")
    if not isinstance(mem, TensorType) or not isinstance(idx, TensorType | TileType):
        return UNKNOWN
    return TileType(idx.shape, mem.dtype, memory_of(kwargs.get("target_memory")) or "Vec")


# ---------------------------------------------------------------------------------------------
# Cross-core boundary and pipes (tile_ops/cross_core.cpp)
# ---------------------------------------------------------------------------------------------


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
        raise DeduceError(
            f"{op.name} split must be 0 (NONE/no split axis), 1 (UP_DOWN/axis0) or 2 (LEFT_RIGHT/axis1), "
            f"but got {split}"
        )
    is_tile = op.namespace == "tile"
    if isinstance(src, ScalarType):
        expected = "TileType" if is_tile else "(non-distributed) TensorType"
        raise DeduceError(f"The operator {op.name} requires argument to be a {expected}, but got ScalarType")
    if not isinstance(src, TileType if is_tile else TensorType):
        return UNKNOWN
    if split != 0 and src.rank != 2:
        if is_tile:
            raise DeduceError(f"{op.name} requires a 2D tile, but got rank {src.rank}")
        raise DeduceError(
            f"{op.name} requires a 2D tensor, but got rank {src.rank}. Reshape the operand to 2D "
            "(pl.reshape) before the shard / gather so the UP_DOWN / LEFT_RIGHT split axis is unambiguous."
        )
    stride = kwargs.get("lane_stride")
    if isinstance(stride, int) and not isinstance(stride, bool):
        if stride <= 0:
            raise DeduceError(
                f"{op.name}: 'lane_stride' must be a positive partition stride, but got {stride}"
            )
        extent = src.shape[split - 1] if split else None
        if isinstance(extent, int) and stride > (extent + 1) // 2:
            raise DeduceError(
                f"{op.name}: 'lane_stride' {stride} exceeds the per-lane physical half {(extent + 1) // 2} "
                f"of a {extent}-wide split axis"
            )
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
    fields = {"op": name, "valid_rows": v0, "rows": s0, "valid_cols": v1, "cols": s1}
    col_full = isinstance(v1, int) and v1 == s1
    if split == 2 and not col_full:
        raise DeduceError(catalog.message("PTO-D8", op=name, valid_cols=v1, cols=s1))
    if not isinstance(v1, int):
        raise DeduceError(catalog.message("PTO-D9", op=name, valid_cols=v1, cols=s1))
    if isinstance(s1, int) and v1 < s1:
        if split == 1 and not (isinstance(v0, int) and v0 == s0):
            raise DeduceError(catalog.message("PTO-D10", **fields))
        if not isinstance(v0, int):
            raise DeduceError(catalog.message("PTO-D11", **fields))


@family("aiv_shard")
def _aiv_shard(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _boundary(op, args, kwargs, True)


@family("aic_gather")
def _aic_gather(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return _boundary(op, args, kwargs, False)


@family("tpop")
def _tpop(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    shape = _shape(kwargs.get("shape"))
    dtype = _dtype(kwargs.get("dtype"))
    if shape is None or dtype is None:
        return UNKNOWN
    return TileType(shape, dtype, "Vec" if op.short_name == "tpop_from_aic" else None)


# ---------------------------------------------------------------------------------------------
# System, sync and prefetch
# ---------------------------------------------------------------------------------------------


@family("index_scalar")
def _index_scalar(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return ScalarType("INDEX")


@family("int32_scalar")
def _int32_scalar(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return ScalarType("INT32")


@family("bool_scalar")
def _bool_scalar(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    return ScalarType("BOOL")


def _enum_kwarg(dsl: str, key: str, value: ArgValue, enum: str, members: Sequence[str]) -> str | None:
    """The member of `pl.<enum>` passed as `key`; strings are a TypeError per spec 003."""
    if value is None:
        return None
    if isinstance(value, str):
        raise DeduceError(
            f"{dsl}: {key} must be a pl.{enum} member ({' / '.join(f'pl.{enum}.{m}' for m in members)}), "
            f"but got str {value!r}"
        )
    if isinstance(value, EnumValue):
        if value.enum != enum:
            raise DeduceError(
                f"{dsl}: {key} must be a pl.{enum} member, but got pl.{value.enum}.{value.member}"
            )
        return value.member
    return None


@family("syncall")
def _syncall(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    dsl = "pl.system.syncall"
    _enum_kwarg(dsl, "core_type", kwargs.get("core_type"), "KernelType", ("AIC", "AIV", "MIX"))
    mode = _enum_kwarg(dsl, "mode", kwargs.get("mode"), "SyncAllMode", ("HARD", "SOFT"))
    if mode == "SOFT" and ("gm_workspace" not in kwargs or "used_cores" not in kwargs):
        raise DeduceError(
            f"{dsl}: mode=pl.SyncAllMode.SOFT requires gm_workspace= and used_cores= "
            "(used_cores=0 selects the single-operand form)"
        )
    return UNKNOWN


@family("sync_event")
def _sync_event(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    dsl = f"pl.system.{op.short_name}"
    core = _enum_kwarg(dsl, "core_type", kwargs.get("core_type"), "KernelType", ("AIC", "AIV"))
    if core == "MIX":
        raise DeduceError(
            f"{dsl}: core_type=pl.KernelType.MIX is not accepted; an event pins one lane, "
            "omit core_type to run it on both"
        )
    event = _param(args, kwargs, 0, "event_id")
    if isinstance(event, int) and not isinstance(event, bool) and not 0 <= event <= 13:
        raise DeduceError(
            f"{dsl}: event_id must be in the user range 0-13 (14 and 15 are reserved), but got {event}"
        )
    ffts = kwargs.get("ffts_mode")
    if isinstance(ffts, int) and not isinstance(ffts, bool) and ffts not in (0, 1, 2):
        raise DeduceError(f"{dsl}: ffts_mode must be 0, 1 or 2, but got {ffts}")
    return UNKNOWN


@family("prefetch")
def _prefetch(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 0, "src")
    if isinstance(src, TileType | ScalarType):
        raise DeduceError(
            f"{op.name} expects src to be a GM Tensor (prefetch reads global memory), got {type_name(src)}"
        )
    if not isinstance(src, TensorType):
        return UNKNOWN
    if not src.shape:
        raise DeduceError(f"{op.name} expects src to have rank >= 1, got a rank-0 tensor")
    for i, dim in enumerate(src.shape[:-1]):
        if isinstance(dim, int) and dim != 1:
            raise DeduceError(
                f"{op.name} expects src to be a flat contiguous logical 1D GM region (all dimensions except "
                f"the last must be 1), but dimension {i} is {dim}; reshape the tensor to [N] or [1, ..., N] "
                "before prefetching"
            )
    return UNKNOWN
