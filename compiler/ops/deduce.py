"""Type-deduction families: the result type of a registered op, or the compiler's error text.

Each registered op names its family in `OpDef.deduce`. A family reads the DSL-level call
(positional args in the wrapper's order, keyword args by name) and returns the result type, or
raises `DeduceError` with the deducer rule it breaks and the rule's fields (`compiler/rules/op_deducers.py`,
`compiler/rules/boundary_deducers.py`); the parser wraps it in its op error.
Operands we cannot type (UNKNOWN, symbolic dims) never cause an error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from compiler import catalog
from compiler.diagnostics import Problem
from compiler.ops.opdef import OpDef
from compiler.ops.registry import memory_of
from compiler.types import UNKNOWN, ArgValue, Dim, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import DTYPE_BITS, DTYPES, DTypeValue, EnumValue

Shaped = TensorType | TileType

_FLOATS = frozenset({"FP4", "FP8E4M3FN", "FP8E5M2", "FP8E8M0", "HF4", "HF8", "FP16", "BF16", "FP32"})
_SIGNED = frozenset({"INT4", "INT8", "INT16", "INT32", "INT64"})


class DeduceError(ValueError):
    """A type-deduction failure: the deducer rule it breaks, with the rule's fields (`problem`)."""

    def __init__(self, code: str, subject: str | None = None, **fields: object) -> None:
        super().__init__(code)
        self.problem: Problem = catalog.problem(code, subject, **fields)


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
        raise DeduceError("PTO-TD1", op=op.name, lhs=format_shape(a.shape), rhs=format_shape(b.shape))
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
        raise DeduceError("PTO-TD2", op=op.name, rank=src.rank)
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
                "PTO-TD3", op=op.name, role=role, want=format_shape(want), got=format_shape(vec.shape)
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
        raise DeduceError("PTO-TD4", op=op.name, lhs=format_shape(a.shape), rhs=format_shape(b.shape))
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
        raise DeduceError("PTO-TD8", op=op_name, type=type_name(cond))
    if isinstance(cond, ScalarType) and cond.dtype != "BOOL":
        raise DeduceError("PTO-TD9", op=op_name, dtype=cond.dtype)


def _k_mismatch(code: str, name: str, lk: Dim, rk: Dim) -> None:
    """The K extents of a product must agree; `code` words it for the op's family."""
    if isinstance(lk, int) and isinstance(rk, int) and lk != rk:
        raise DeduceError(code, op=name, lhs_k=lk, rhs_k=rk)


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
        raise DeduceError("PTO-TD14", op=name, side=side)
    if len(ls) == 1 and len(rs) == 1:
        if isinstance(ls[0], int) and isinstance(rs[0], int) and ls[0] != rs[0]:
            raise DeduceError("PTO-TD15", op=name, lhs_k=ls[0], rhs_k=rs[0])
        return ()
    if len(ls) == 2 and len(rs) == 1:
        _k_mismatch("PTO-TD10", name, ls[1], rs[0])
        return (ls[0],)
    if len(ls) == 1 and len(rs) == 2:
        _k_mismatch("PTO-TD10", name, ls[0], rs[0])
        return (rs[1],)
    if len(ls) == 2 and len(rs) == 2:
        m, lk = (ls[1], ls[0]) if a_t else (ls[0], ls[1])
        rk, n = (rs[1], rs[0]) if b_t else (rs[0], rs[1])
        _k_mismatch("PTO-TD10", name, lk, rk)
        return (m, n)
    if len(ls) < 2 or len(rs) < 2:
        raise DeduceError("PTO-TD16", op=name, lhs_rank=len(ls), rhs_rank=len(rs))
    batch = broadcast_shapes(ls[:-2], rs[:-2])
    if batch is None:
        raise DeduceError("PTO-TD17", op=name)
    m, lk = (ls[-1], ls[-2]) if a_t else (ls[-2], ls[-1])
    rk, n = (rs[-1], rs[-2]) if b_t else (rs[-2], rs[-1])
    _k_mismatch("PTO-TD11", name, lk, rk)
    return (*batch, m, n)


def _tile_product(name: str, lhs: TileType, rhs: TileType) -> tuple[tuple[Dim, Dim], str]:
    """DeduceMatmulProductInfo: 2D operands, matching physical K, identical dtypes."""
    for side, t in (("lhs", lhs), ("rhs", rhs)):
        if t.rank != 2:
            raise DeduceError("PTO-TD18", op=name, operand=side, rank=t.rank)
    _k_mismatch("PTO-TD12", name, lhs.shape[1], rhs.shape[0])
    if lhs.dtype != rhs.dtype:
        raise DeduceError("PTO-TD19", op=name, lhs=lhs.dtype, rhs=rhs.dtype)
    return (lhs.shape[0], rhs.shape[1]), _acc_dtype(lhs.dtype, rhs.dtype)


def _check_acc(name: str, acc: TileType, shape: tuple[Dim, ...], dtype: str) -> None:
    if acc.rank != len(shape):
        raise DeduceError("PTO-TD20", op=name, want=len(shape), rank=acc.rank)
    for axis, label in ((-2, "M"), (-1, "N")):
        got, want = acc.shape[axis], shape[axis]
        if isinstance(got, int) and isinstance(want, int) and got != want:
            raise DeduceError("PTO-TD21", op=name, axis=label, got=got, want=want)
    if acc.dtype != dtype:
        raise DeduceError("PTO-TD22", op=name, want=dtype, dtype=acc.dtype)


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
        raise DeduceError("PTO-TD23", op=op.name, rank=acc.rank)
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
    _check_bias("PTO-TD26", op.name, bias, rhs.shape[1], dtype)
    return TileType(shape, dtype, "Acc")


def _check_bias(dtype_code: str, name: str, bias: TileType, n: Dim, dtype: str) -> None:
    """A [1, N] bias of the accumulator's dtype; `dtype_code` words the dtype check for the op."""
    if bias.rank != 2:
        raise DeduceError("PTO-TD18", op=name, operand="bias", rank=bias.rank)
    if bias.shape[0] != 1 and not isinstance(bias.shape[0], str):
        raise DeduceError("PTO-TD24", op=name, shape=format_shape(bias.shape))
    bn = bias.shape[1]
    if isinstance(bn, int) and isinstance(n, int) and bn != n:
        raise DeduceError("PTO-TD25", op=name, n=n, bias_n=bn)
    if bias.dtype != dtype:
        raise DeduceError(dtype_code, op=name, dtype=dtype, got=bias.dtype)


def _batch_product(name: str, lhs: TileType, rhs: TileType) -> tuple[tuple[Dim, ...], str]:
    for side, t in (("lhs", lhs), ("rhs", rhs)):
        if t.rank < 2:
            raise DeduceError("PTO-TD28", op=name, side=side, rank=t.rank)
    batch = broadcast_shapes(lhs.shape[:-2], rhs.shape[:-2])
    if batch is None:
        raise DeduceError(
            "PTO-TD29", op=name, lhs=format_shape(lhs.shape[:-2]), rhs=format_shape(rhs.shape[:-2])
        )
    _k_mismatch("PTO-TD13", name, lhs.shape[-1], rhs.shape[-2])
    if lhs.dtype != rhs.dtype:
        raise DeduceError("PTO-TD19", op=name, lhs=lhs.dtype, rhs=rhs.dtype)
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
    if phase is not None:
        text = (phase.member if isinstance(phase, EnumValue) else str(phase)).lower()
        if text not in _ACC_PHASES:
            raise DeduceError("PTO-TD30", op=op.name, phase=text)
    _tile_product(op.name, lhs, rhs)
    if lhs.dtype not in _GEMV_DTYPES:
        raise DeduceError("PTO-TD31", op=op.name, dtype=lhs.dtype)
    rows = lhs.shape[0]
    if isinstance(rows, int) and rows != 1:
        raise DeduceError("PTO-TD32", shape=format_shape(lhs.shape))
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
    if acc.rank != 2:
        raise DeduceError("PTO-TD18", op=op.name, operand="acc", rank=acc.rank)
    expected = _gemv_product(op, lhs, rhs, _param(args, kwargs, 3, "acc_phase"))
    for got, want in zip(acc.shape, expected.shape, strict=True):
        if isinstance(got, int) and isinstance(want, int) and got != want:
            raise DeduceError(
                "PTO-TD33", op=op.name, want=format_shape(expected.shape), got=format_shape(acc.shape)
            )
    if acc.dtype != expected.dtype:
        raise DeduceError("PTO-TD22", op=op.name, want=expected.dtype, dtype=acc.dtype)
    return expected


@family("gemv_bias")
def _gemv_bias(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, rhs, bias = (_param(args, kwargs, i, n) for i, n in enumerate(("lhs", "rhs", "bias")))
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType) and isinstance(bias, TileType)):
        return UNKNOWN
    expected = _gemv_product(op, lhs, rhs, _param(args, kwargs, 3, "acc_phase"))
    _check_bias("PTO-TD27", op.name, bias, rhs.shape[1], expected.dtype)
    return expected


_MX_DATA = "FP8E4M3FN"


def _mx_product(
    op: OpDef, lhs: TileType, lhs_scale: ArgValue, rhs: TileType, rhs_scale: ArgValue
) -> TileType:
    """DeduceTileMatMulMxType: FP8E4M3FN data, M%16, N%32, K%64, scale geometry [M, K/32] / [K/32, N]."""
    if lhs.rank != 2 or rhs.rank != 2:
        raise DeduceError("PTO-TD34", op=op.name)
    if lhs.dtype != _MX_DATA or rhs.dtype != _MX_DATA:
        cast = catalog.variant_fields("PTO-TD35", "fp4" if "FP4" in (lhs.dtype, rhs.dtype) else "other")
        raise DeduceError("PTO-TD35", op=op.name, lhs=lhs.dtype, rhs=rhs.dtype, **cast)
    m, lk = lhs.shape
    rk, n = rhs.shape
    if isinstance(m, int) and (m <= 0 or m % 16):
        raise DeduceError("PTO-TD36", op=op.name, m=m)
    if isinstance(n, int) and (n <= 0 or n % 32):
        raise DeduceError("PTO-TD37", op=op.name, n=n)
    if isinstance(lk, int) and isinstance(rk, int) and lk != rk:
        raise DeduceError("PTO-TD38", op=op.name, lhs_k=lk, rhs_k=rk)
    for side, k in (("lhs", lk), ("rhs", rk)):
        if isinstance(k, int) and (k <= 0 or k % 64):
            raise DeduceError("PTO-TD39", op=op.name, side=side, k=k)
    groups: Dim = (lk + 31) // 32 if isinstance(lk, int) else "?"
    for name, scale, want in (("lhs_scale", lhs_scale, (m, groups)), ("rhs_scale", rhs_scale, (groups, n))):
        if not isinstance(scale, TileType):
            continue
        if scale.rank != 2:
            raise DeduceError("PTO-TD18", op=op.name, operand=name, rank=scale.rank)
        r, c = scale.shape
        flat = r == 1 and isinstance(c, int) and all(isinstance(w, int) for w in want)
        if flat and isinstance(want[0], int) and isinstance(want[1], int) and c == want[0] * want[1]:
            continue  # packed-flat [1, rows*cols]
        for label, got, exp in (("rows", r, want[0]), ("cols", c, want[1])):
            if isinstance(got, int) and isinstance(exp, int) and got != exp:
                raise DeduceError("PTO-TD40", op=op.name, scale=name, axis=label, want=exp, got=got)
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
    if acc.rank != 2:
        raise DeduceError("PTO-TD18", op=op.name, operand="acc", rank=acc.rank)
    if acc.dtype != "FP32":
        raise DeduceError("PTO-TD41", op=op.name, dtype=acc.dtype)
    out = _mx_product(op, lhs, ls, rhs, rs)
    for axis, code in ((0, "PTO-TD42"), (1, "PTO-TD43")):
        got, want = acc.shape[axis], out.shape[axis]
        if isinstance(got, int) and isinstance(want, int) and got != want:
            raise DeduceError(code, op=op.name)
    return out


@family("matmul_mx_bias")
def _matmul_mx_bias(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    names = ("lhs", "lhs_scale", "rhs", "rhs_scale", "bias")
    lhs, ls, rhs, rs, bias = (_param(args, kwargs, i, n) for i, n in enumerate(names))
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    if isinstance(bias, TileType):
        if bias.rank != 2:
            raise DeduceError("PTO-TD18", op=op.name, operand="bias", rank=bias.rank)
        if bias.dtype != "FP32":
            raise DeduceError("PTO-TD44", op=op.name, dtype=bias.dtype)
    out = _mx_product(op, lhs, ls, rhs, rs)
    if isinstance(bias, TileType):
        if isinstance(bias.shape[0], int) and bias.shape[0] != 1:
            raise DeduceError("PTO-TD45", op=op.name)
        bn, n = bias.shape[1], out.shape[1]
        if isinstance(bn, int) and isinstance(n, int) and bn != n:
            raise DeduceError("PTO-TD46", op=op.name)
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
            "PTO-TD5",
            op=op.name,
            old_shape=format_shape(src.shape),
            old=old,
            new_shape=format_shape(shape),
            new=new,
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
                raise DeduceError("PTO-TD6", op=op.name, rank=src.rank, axis=axis)
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
        raise DeduceError("PTO-TD7", op=op.name, memory=memory)
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
        choices = " / ".join(f"pl.{enum}.{m}" for m in members)
        raise DeduceError("PTO-TD47", subject=dsl, key=key, enum=enum, members=choices, value=value)
    if isinstance(value, EnumValue):
        if value.enum != enum:
            raise DeduceError(
                "PTO-TD48", subject=dsl, key=key, enum=enum, got_enum=value.enum, member=value.member
            )
        return value.member
    return None


@family("syncall")
def _syncall(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    dsl = "pl.system.syncall"
    _enum_kwarg(dsl, "core_type", kwargs.get("core_type"), "KernelType", ("AIC", "AIV", "MIX"))
    mode = _enum_kwarg(dsl, "mode", kwargs.get("mode"), "SyncAllMode", ("HARD", "SOFT"))
    if mode == "SOFT" and ("gm_workspace" not in kwargs or "used_cores" not in kwargs):
        raise DeduceError("PTO-TD49", subject=dsl)
    return UNKNOWN


@family("sync_event")
def _sync_event(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    dsl = f"pl.system.{op.short_name}"
    core = _enum_kwarg(dsl, "core_type", kwargs.get("core_type"), "KernelType", ("AIC", "AIV"))
    if core == "MIX":
        raise DeduceError("PTO-TD50", subject=dsl)
    event = _param(args, kwargs, 0, "event_id")
    if isinstance(event, int) and not isinstance(event, bool) and not 0 <= event <= 13:
        raise DeduceError("PTO-TD51", subject=dsl, event=event)
    ffts = kwargs.get("ffts_mode")
    if isinstance(ffts, int) and not isinstance(ffts, bool) and ffts not in (0, 1, 2):
        raise DeduceError("PTO-TD52", subject=dsl, ffts=ffts)
    return UNKNOWN


@family("prefetch")
def _prefetch(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = _param(args, kwargs, 0, "src")
    if isinstance(src, TileType | ScalarType):
        raise DeduceError("PTO-TD53", op=op.name, type=type_name(src))
    if not isinstance(src, TensorType):
        return UNKNOWN
    if not src.shape:
        raise DeduceError("PTO-TD54", op=op.name)
    for i, dim in enumerate(src.shape[:-1]):
        if isinstance(dim, int) and dim != 1:
            raise DeduceError("PTO-TD55", op=op.name, dim=i, extent=dim)
    return UNKNOWN
