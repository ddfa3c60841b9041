"""The matmul family (``tensor_ops/matmul.cpp``, ``tile_ops/matmul.cpp``, ``batch_matmul.cpp``, ``matmul_mx.cpp``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from compiler import catalog
from compiler.ops.deducers.core import (
    DeduceError,
    broadcast_shapes,
    dtype_arg,
    dtype_text,
    family,
    flag,
    format_shape,
    is_float,
    kind_of,
    known,
    param,
    promote_dtypes,
    type_name,
)
from compiler.ops.opdef import OpDef
from compiler.types import UNKNOWN, ArgValue, Dim, ScalarType, TensorType, TileType, ValueType, is_runtime
from compiler.vocabulary import EnumValue


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
    lhs, rhs = param(args, kwargs, 0, "lhs"), param(args, kwargs, 1, "rhs")
    if op.namespace == "tile":
        if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
            return UNKNOWN
        shape, dtype = _tile_product(op.name, lhs, rhs)
        return TileType(shape, dtype, "Acc")
    if not (isinstance(lhs, TensorType) and isinstance(rhs, TensorType)):
        return UNKNOWN
    out_dtype = dtype_arg(param(args, kwargs, 2, "out_dtype")) or promote_dtypes(lhs.dtype, rhs.dtype)
    a_t = flag(param(args, kwargs, 3, "a_trans"))
    b_t = flag(param(args, kwargs, 4, "b_trans"))
    # A transpose flag swaps two axes of its own operand: a 1D one has none (after the empty-operand check).
    for trans, side, value in ((a_t, "a", lhs), (b_t, "b", rhs)):
        if trans and lhs.rank and rhs.rank and value.ranked and value.rank == 1:
            which = "lhs" if side == "a" else "rhs"
            raise DeduceError(
                "PTO-TD158",
                op=op.name,
                detail=f"{side}_trans does not apply to a 1D {which} (a vector has no axes to swap); drop "
                f"{side}_trans or pass a 2D {which}",
            )
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
    _valid_k(name, lhs, rhs)
    if lhs.dtype != rhs.dtype:
        raise DeduceError("PTO-TD19", op=name, lhs=dtype_text(lhs.dtype), rhs=dtype_text(rhs.dtype))
    return (lhs.shape[0], rhs.shape[1]), _acc_dtype(lhs.dtype, rhs.dtype)


def _valid_k(name: str, lhs: TileType, rhs: TileType) -> None:
    """The rhs's valid K (its rows) must cover the lhs's valid K (its columns): the cube reads all of them."""
    lhs_k = lhs.valid[1] if lhs.valid is not None and len(lhs.valid) == 2 else lhs.shape[1]
    rhs_k = rhs.valid[0] if rhs.valid is not None and len(rhs.valid) == 2 else rhs.shape[0]
    if isinstance(lhs_k, int) and isinstance(rhs_k, int) and lhs_k > rhs_k:
        raise DeduceError(
            "PTO-TD151",
            op=name,
            requirement=f"requires rhs valid K to cover lhs valid K, but got lhs K={lhs_k} and rhs K={rhs_k}",
        )


def _check_acc(
    name: str,
    acc: TileType,
    shape: tuple[Dim, ...],
    dtype: str,
    product: tuple[TileType, TileType] | None = None,
) -> None:
    """The accumulator: the product's rank and physical M / N, then (given the product's operands) a valid
    window covering theirs, then the accumulator dtype."""
    if acc.rank != len(shape):
        raise DeduceError("PTO-TD20", op=name, want=len(shape), rank=acc.rank)
    for axis, label in ((-2, "M"), (-1, "N")):
        got, want = acc.shape[axis], shape[axis]
        if isinstance(got, int) and isinstance(want, int) and got != want:
            raise DeduceError("PTO-TD21", op=name, axis=label, got=got, want=want)
    if product is not None and acc.rank == 2:
        _valid_acc(name, acc, *product)
    if acc.dtype != dtype:
        raise DeduceError("PTO-TD22", op=name, want=dtype_text(dtype), dtype=dtype_text(acc.dtype))


def _valid_acc(name: str, acc: TileType, lhs: TileType, rhs: TileType) -> None:
    """tile.matmul_acc: the accumulator's valid M / N must cover the lhs's valid M and the rhs's valid N (the
    rectangle the cube writes); an unknown extent is accepted, as the compiler's proof is."""
    acc_valid = acc.valid if acc.valid is not None and len(acc.valid) == 2 else acc.shape
    lhs_m = lhs.valid[0] if lhs.valid is not None and len(lhs.valid) == 2 else lhs.shape[0]
    rhs_n = rhs.valid[1] if rhs.valid is not None and len(rhs.valid) == 2 else rhs.shape[1]
    for label, side, got, want in (("M", "lhs", acc_valid[0], lhs_m), ("N", "rhs", acc_valid[1], rhs_n)):
        if isinstance(got, int) and isinstance(want, int) and want > got:
            _requirement(
                name,
                f"requires acc valid {label} to cover {side} valid {label}, but got acc {label}={got} and {side} "
                f"{label}={want}",
            )


def _requirement(name: str, requirement: str) -> None:
    """A CHECK worded "The operator <op> <requirement>"."""
    raise DeduceError("PTO-TD151", op=name, requirement=requirement)


@family("matmul_acc")
def _matmul_acc(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    acc = param(args, kwargs, 0, "acc")
    lhs, rhs = param(args, kwargs, 1, "lhs"), param(args, kwargs, 2, "rhs")
    if op.namespace == "tile":
        check_init_cond(op.name, param(args, kwargs, 3, "init_cond"))
        if not (isinstance(acc, TileType) and isinstance(lhs, TileType) and isinstance(rhs, TileType)):
            return UNKNOWN
        shape, dtype = _tile_product(op.name, lhs, rhs)
        _check_acc(op.name, acc, shape, dtype, (lhs, rhs))
        return TileType(acc.shape, dtype, "Acc")
    check_init_cond(op.name, param(args, kwargs, 5, "init_cond"))
    if not (isinstance(acc, TensorType) and isinstance(lhs, TensorType) and isinstance(rhs, TensorType)):
        return UNKNOWN
    a_t = flag(param(args, kwargs, 3, "a_trans"))
    b_t = flag(param(args, kwargs, 4, "b_trans"))
    return _tensor_matmul_acc(op.name, acc, lhs, rhs, a_t, b_t)


def _tensor_matmul_acc(
    name: str, acc: TensorType, lhs: TensorType, rhs: TensorType, a_t: bool, b_t: bool
) -> ValueType:
    """DeduceTensorMatMulAccType: 2D+ operands, identical dtypes, the accumulator's dtype, K, M, N and batch."""
    for operand, t in (("acc", acc), ("lhs", lhs), ("rhs", rhs)):
        if t.rank < 2:
            raise DeduceError("PTO-TD23", op=name, operand=operand, rank=t.rank)
    if not (known(lhs.dtype) and known(rhs.dtype)):
        return acc
    if lhs.dtype != rhs.dtype:
        raise DeduceError("PTO-TD131", op=name, lhs=dtype_text(lhs.dtype), rhs=dtype_text(rhs.dtype))
    want = _acc_dtype(lhs.dtype, rhs.dtype)
    if known(acc.dtype) and acc.dtype != want:
        raise DeduceError("PTO-TD133", op=name, want=dtype_text(want), dtype=dtype_text(acc.dtype))
    ls, rs = lhs.shape, rhs.shape
    m, lk = (ls[-1], ls[-2]) if a_t else (ls[-2], ls[-1])
    rk, n = (rs[-1], rs[-2]) if b_t else (rs[-2], rs[-1])
    for left, right, label in ((lk, rk, "K"), (acc.shape[-2], m, "M"), (acc.shape[-1], n, "N")):
        if isinstance(left, int) and isinstance(right, int) and left != right:
            sides = ("lhs", "rhs") if label == "K" else ("acc", "matmul")
            raise DeduceError(
                "PTO-TD132", lhs=f"{sides[0]} {label}={left}", rhs=f"{sides[1]} {label}={right}"
            )
    batch = broadcast_shapes(ls[:-2], rs[:-2])
    if batch is None:
        raise DeduceError("PTO-TD17", op=name)
    acc_batch = acc.shape[:-2]
    if len(batch) != len(acc_batch):
        raise DeduceError("PTO-TD134", what=f"rank ({len(acc_batch)})", want=f"rank ({len(batch)})")
    for i, (got, exp) in enumerate(zip(acc_batch, batch, strict=True)):
        if isinstance(got, int) and isinstance(exp, int) and got != exp:
            raise DeduceError("PTO-TD134", what=f"dim {i} ({got})", want=f"dim {i} ({exp})")
    return TensorType(acc.shape, want, acc.distributed)


@family("matmul_bias")
def _matmul_bias(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, rhs, bias = (param(args, kwargs, i, n) for i, n in enumerate(("lhs", "rhs", "bias")))
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType) and isinstance(bias, TileType)):
        return UNKNOWN
    shape, dtype = _tile_product(op.name, lhs, rhs)
    _check_bias("PTO-TD26", op.name, bias, rhs.shape[1], dtype, rhs)
    return TileType(shape, dtype, "Acc")


def _check_bias(
    dtype_code: str, name: str, bias: TileType, n: Dim, dtype: str, rhs: TileType | None = None
) -> None:
    """A [1, N] bias of the accumulator's dtype; `dtype_code` words the dtype check for the op. Given the rhs,
    the bias's valid window too (DeduceTileMatMulBiasType): one valid row, valid N covering the rhs's."""
    if bias.rank != 2:
        raise DeduceError("PTO-TD18", op=name, operand="bias", rank=bias.rank)
    if bias.shape[0] != 1 and not isinstance(bias.shape[0], str):
        raise DeduceError("PTO-TD24", op=name, shape=format_shape(bias.shape))
    bias_valid = bias.valid if bias.valid is not None and len(bias.valid) == 2 else bias.shape
    if rhs is not None and isinstance(bias_valid[0], int) and bias_valid[0] < 1:
        _requirement(name, f"requires bias valid rows to cover one broadcast row, but got {bias_valid[0]}")
    bn = bias.shape[1]
    if isinstance(bn, int) and isinstance(n, int) and bn != n:
        raise DeduceError("PTO-TD25", op=name, n=n, bias_n=bn)
    if rhs is not None:
        rhs_n = rhs.valid[1] if rhs.valid is not None and len(rhs.valid) == 2 else rhs.shape[1]
        if isinstance(rhs_n, int) and isinstance(bias_valid[1], int) and rhs_n > bias_valid[1]:
            _requirement(
                name,
                f"requires bias valid N to cover output valid N={rhs_n}, but got bias valid N={bias_valid[1]}",
            )
    if bias.dtype != dtype:
        raise DeduceError(dtype_code, op=name, dtype=dtype_text(dtype), got=dtype_text(bias.dtype))


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
        raise DeduceError("PTO-TD19", op=name, lhs=dtype_text(lhs.dtype), rhs=dtype_text(rhs.dtype))
    return (*batch, lhs.shape[-2], rhs.shape[-1]), _acc_dtype(lhs.dtype, rhs.dtype)


@family("batch_matmul")
def _batch_matmul(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, rhs = param(args, kwargs, 0, "lhs"), param(args, kwargs, 1, "rhs")
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    shape, dtype = _batch_product(op.name, lhs, rhs)
    return TileType(shape, dtype, "Acc")


@family("batch_matmul_acc")
def _batch_matmul_acc(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    acc = param(args, kwargs, 0, "acc")
    lhs, rhs = param(args, kwargs, 1, "lhs"), param(args, kwargs, 2, "rhs")
    check_init_cond(op.name, param(args, kwargs, 3, "init_cond"))
    if not (isinstance(acc, TileType) and isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    _batch_acc_geometry(op.name, acc, lhs, rhs)
    # Past the geometry, the product's own checks leave only its dtypes, then the accumulator's.
    shape, dtype = _batch_product(op.name, lhs, rhs)
    _check_acc(op.name, acc, shape, dtype)
    return TileType(acc.shape, dtype, "Acc")


def _batch_acc_geometry(name: str, acc: TileType, lhs: TileType, rhs: TileType) -> None:
    """DeduceTileBatchMatMulAccType: each operand at least 2D, matching static M / N / K, then the lhs / rhs
    batch broadcast equal to the accumulator's batch (the accumulator is written in place, never broadcast)."""
    problem = ""
    for side, t in (("acc", acc), ("lhs", lhs), ("rhs", rhs)):
        if not problem and t.rank < 2:
            problem = f"requires {side} to have at least 2 dimensions, but got {t.rank} dimensions"
    pairs = (
        ("M", "lhs", acc.shape[-2:][:1], lhs.shape[-2:][:1]),
        ("N", "rhs", acc.shape[-1:], rhs.shape[-1:]),
    )
    for axis, side, got, want in pairs if not problem else ():
        if isinstance(got[0], int) and isinstance(want[0], int) and got[0] != want[0]:
            problem = (
                problem
                or f"requires matching {axis} dimensions, but got acc {axis}={got[0]} and {side} {axis}={want[0]}"
            )
    if not problem:
        _k_mismatch("PTO-TD13", name, lhs.shape[-1], rhs.shape[-2])
        batch = broadcast_shapes(lhs.shape[:-2], rhs.shape[:-2])
        if batch is None:
            return  # _batch_product words it (as before)
        acc_batch = acc.shape[:-2]
        if len(batch) != len(acc_batch):
            problem = f"requires acc batch rank ({len(acc_batch)}) to equal broadcast(lhs, rhs) batch rank ({len(batch)})"
        for i, (a, b) in enumerate(zip(acc_batch, batch, strict=False)):
            if not problem and isinstance(a, int) and isinstance(b, int) and a != b:
                problem = (
                    f"requires acc batch dim {i} to equal broadcast(lhs, rhs) batch dim {i}, but got acc={a} and "
                    f"broadcast={b}"
                )
    if problem:
        _requirement(name, problem)


_GEMV_DTYPES = frozenset({"INT8", "FP16", "BF16", "FP32"})
_ACC_PHASES = ("unspecified", "partial", "final")


def _gemv_phase(op: OpDef, phase: ArgValue) -> None:
    if phase is not None:
        text = (phase.member if isinstance(phase, EnumValue) else str(phase)).lower()
        if text not in _ACC_PHASES:
            raise DeduceError("PTO-TD30", op=op.name, phase=text)


def _gemv_product(
    op: OpDef, lhs: TileType, rhs: TileType, phase: ArgValue, bias: TileType | None = None
) -> TileType:
    _gemv_phase(op, phase)
    _tile_product(op.name, lhs, rhs)
    if lhs.dtype not in _GEMV_DTYPES:
        raise DeduceError("PTO-TD31", op=op.name, dtype=lhs.dtype)
    if bias is not None and bias.valid is not None and len(bias.valid) == 2 and _not_one(bias.valid[0]):
        # DeduceTileGemvBiasType: the one valid row must be provable (a runtime extent is not).
        _requirement(op.name, f"requires bias to have exactly one valid row, but got {bias.valid[0]}")
    rows = lhs.shape[0]
    if isinstance(rows, int) and rows != 1:
        raise DeduceError("PTO-TD32", shape=format_shape(lhs.shape))
    if lhs.valid is not None and len(lhs.valid) == 2 and _not_one(lhs.valid[0]):
        # BuildGemvResultType: the logical row must be provably one (ProveValidExtentEqual == kTrue).
        raise DeduceError("PTO-TD225", valid=format_shape(lhs.valid))
    # BuildGemvResultType: 16 physical rows, valid_shape [1, N] (the logical row and rhs's valid columns).
    cols = rhs.valid[1] if rhs.valid is not None and len(rhs.valid) == 2 else rhs.shape[1]
    return TileType((16, rhs.shape[1]), "INT32" if lhs.dtype == "INT8" else "FP32", "Acc", (1, cols))


def _not_one(extent: Dim) -> bool:
    """A valid extent that is not provably 1: another constant, or a runtime value (``?``: unknown, let through)."""
    return extent != 1 and extent != "?"


@family("gemv")
def _gemv(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, rhs = param(args, kwargs, 0, "lhs"), param(args, kwargs, 1, "rhs")
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    return _gemv_product(op, lhs, rhs, param(args, kwargs, 2, "acc_phase"))


@family("gemv_acc")
def _gemv_acc(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    acc = param(args, kwargs, 0, "acc")
    lhs, rhs = param(args, kwargs, 1, "lhs"), param(args, kwargs, 2, "rhs")
    check_init_cond(op.name, kwargs.get("init_cond"))
    if not (isinstance(acc, TileType) and isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    if acc.rank != 2:
        raise DeduceError("PTO-TD18", op=op.name, operand="acc", rank=acc.rank)
    expected = _gemv_product(op, lhs, rhs, param(args, kwargs, 3, "acc_phase"))
    for got, want in zip(acc.shape, expected.shape, strict=True):
        if isinstance(got, int) and isinstance(want, int) and got != want:
            raise DeduceError(
                "PTO-TD33", op=op.name, want=format_shape(expected.shape), got=format_shape(acc.shape)
            )
    if acc.dtype != expected.dtype:
        raise DeduceError(
            "PTO-TD22", op=op.name, want=dtype_text(expected.dtype), dtype=dtype_text(acc.dtype)
        )
    return expected


@family("gemv_bias")
def _gemv_bias(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, rhs, bias = (param(args, kwargs, i, n) for i, n in enumerate(("lhs", "rhs", "bias")))
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType) and isinstance(bias, TileType)):
        return UNKNOWN
    phase = param(args, kwargs, 3, "acc_phase")
    # DeduceTileGemvBiasType checks the phase, then runs the matmul_bias deducer: its bias checks come first.
    _gemv_phase(op, phase)
    _, dtype = _tile_product(op.name, lhs, rhs)
    _check_bias("PTO-TD26", op.name, bias, rhs.shape[1], dtype, rhs)
    return _gemv_product(op, lhs, rhs, phase, bias)


_MX_DATA = "FP8E4M3FN"


def _mx_product(
    op: OpDef, lhs: TileType, lhs_scale: ArgValue, rhs: TileType, rhs_scale: ArgValue
) -> TileType:
    """DeduceTileMatMulMxType: FP8E4M3FN data, M%16, N%32, K%64, scale geometry [M, K/32] / [K/32, N]."""
    if lhs.rank != 2 or rhs.rank != 2:
        raise DeduceError("PTO-TD34", op=op.name)
    for side, t in (("lhs", lhs), ("rhs", rhs)):
        if t.dtype != _MX_DATA and known(t.dtype):
            cast = catalog.variant_fields("PTO-TD35", f"fp4_{side}" if t.dtype == "FP4" else "other")
            raise DeduceError("PTO-TD35", op=op.name, side=side, dtype=dtype_text(t.dtype), **cast)
    m, lk = lhs.shape
    rk, n = rhs.shape
    if isinstance(m, int) and (m <= 0 or m % 16):
        raise DeduceError("PTO-TD36", op=op.name, m=m)
    if isinstance(n, int) and (n <= 0 or n % 32):
        raise DeduceError("PTO-TD37", op=op.name, n=n, dtype=dtype_text(rhs.dtype))
    if isinstance(lk, int) and isinstance(rk, int) and lk != rk:
        raise DeduceError("PTO-TD38", op=op.name, lhs_k=lk, rhs_k=rk)
    for side, k in (("lhs", lk), ("rhs", rk)):
        if isinstance(k, int) and (k <= 0 or k % 64):
            raise DeduceError("PTO-TD39", op=op.name, side=side, k=k)
    _mx_valid_k(op, lhs, rhs)
    _mx_scale_kinds(op, lhs_scale, lk, rhs_scale, rk)
    lhs_groups: Dim = (lk + 31) // 32 if isinstance(lk, int) else "?"
    rhs_groups: Dim = (rk + 31) // 32 if isinstance(rk, int) else "?"
    # CheckMxScaleTile: FP8E8M0, 2D, physical [M, ceil(K/32)] and [ceil(K/32), N].
    for name, scale, want in (
        ("lhs_scale", lhs_scale, (m, lhs_groups)),
        ("rhs_scale", rhs_scale, (rhs_groups, n)),
    ):
        if not isinstance(scale, TileType):
            continue
        if known(scale.dtype) and scale.dtype != "FP8E8M0":
            raise DeduceError("PTO-TD108", op=op.name, scale=name, dtype=dtype_text(scale.dtype))
        if scale.rank != 2:
            raise DeduceError("PTO-TD18", op=op.name, operand=name, rank=scale.rank)
        for label, got, exp in zip(("rows", "cols"), scale.shape, want, strict=True):
            if isinstance(got, int) and isinstance(exp, int) and got != exp:
                raise DeduceError("PTO-TD40", op=op.name, scale=name, axis=label, want=exp, got=got)
    return TileType((m, n), "FP32", "Acc")


def _mx_scale_kinds(op: OpDef, lhs_scale: ArgValue, lk: Dim, rhs_scale: ArgValue, rk: Dim) -> None:
    """The scales' kind checks in DeduceTileMatMulMxType's order: a runtime K reads its scale-group count off
    the scale tile, which must be a 2D tile first (a CHECK naming the type it got); CheckMxScaleTile's own kind
    check, which names none, follows for both. A known K never reaches here with a non-tile scale: the opening
    operand-kind check (``operand_kinds``) reported it."""
    for name, scale, k in (("lhs_scale", lhs_scale, lk), ("rhs_scale", rhs_scale, rk)):
        if not is_runtime(k):
            continue
        got = kind_of(scale)
        if got is not None and not isinstance(scale, TileType):
            raise DeduceError("PTO-TD57", op=op.name, position=name, want="TileType", got=got)
        if isinstance(scale, TileType) and scale.rank != 2:
            raise DeduceError("PTO-TD18", op=op.name, operand=name, rank=scale.rank)
    for name, scale in (("lhs_scale", lhs_scale), ("rhs_scale", rhs_scale)):
        if kind_of(scale) is not None and not isinstance(scale, TileType):
            raise DeduceError("PTO-TD57b", op=op.name, position=name, want="TileType")


def _mx_valid_k(op: OpDef, lhs: TileType, rhs: TileType) -> None:
    """DeduceTileMatMulMxType's valid K: equal on both sides, positive, and rounding up to as many 32-wide scale
    groups as the physical K (the matmul_mx and tget_scale_addr verifiers count them from each)."""
    lv = lhs.valid[1] if lhs.valid is not None and len(lhs.valid) == 2 else lhs.shape[1]
    rv = rhs.valid[0] if rhs.valid is not None and len(rhs.valid) == 2 else rhs.shape[0]
    if isinstance(lv, int) and isinstance(rv, int) and lv != rv:
        _requirement(op.name, f"requires matching valid K, but got lhs valid K={lv} and rhs valid K={rv}")
    for side, valid in (("lhs", lv), ("rhs", rv)):
        if isinstance(valid, int) and valid <= 0:
            _requirement(op.name, f"requires positive valid K, but got {side} valid K={valid}")
    for side, physical, valid in (("lhs", lhs.shape[1], lv), ("rhs", rhs.shape[0], rv)):
        if (
            isinstance(physical, int)
            and isinstance(valid, int)
            and (valid + 31) // 32 != (physical + 31) // 32
        ):
            _requirement(
                op.name,
                f"requires {side} valid K to round up to the same scale-group count as physical K "
                "(ceil(validK/32) == ceil(physicalK/32)); otherwise the PTOAS matmul_mx and tget_scale_addr "
                f"verifiers conflict. Got physical K={physical}, valid K={valid}",
            )


@family("matmul_mx")
def _matmul_mx(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    lhs, ls, rhs, rs = (
        param(args, kwargs, i, n) for i, n in enumerate(("lhs", "lhs_scale", "rhs", "rhs_scale"))
    )
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    return _mx_product(op, lhs, ls, rhs, rs)


@family("matmul_mx_acc")
def _matmul_mx_acc(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    names = ("acc", "lhs", "lhs_scale", "rhs", "rhs_scale")
    acc, lhs, ls, rhs, rs = (param(args, kwargs, i, n) for i, n in enumerate(names))
    if not (isinstance(acc, TileType) and isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    if acc.rank != 2:
        raise DeduceError("PTO-TD18", op=op.name, operand="acc", rank=acc.rank)
    if acc.dtype != "FP32":
        raise DeduceError("PTO-TD41", op=op.name, dtype=dtype_text(acc.dtype))
    out = _mx_product(op, lhs, ls, rhs, rs)
    for axis, code in ((0, "PTO-TD42"), (1, "PTO-TD43")):
        got, want = acc.shape[axis], out.shape[axis]
        if isinstance(got, int) and isinstance(want, int) and got != want:
            raise DeduceError(code, op=op.name)
    return out


@family("matmul_mx_bias")
def _matmul_mx_bias(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    names = ("lhs", "lhs_scale", "rhs", "rhs_scale", "bias")
    lhs, ls, rhs, rs, bias = (param(args, kwargs, i, n) for i, n in enumerate(names))
    if not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return UNKNOWN
    if isinstance(bias, TileType):
        if bias.rank != 2:
            raise DeduceError("PTO-TD18", op=op.name, operand="bias", rank=bias.rank)
        if bias.dtype != "FP32":
            raise DeduceError("PTO-TD44", op=op.name, dtype=dtype_text(bias.dtype))
    out = _mx_product(op, lhs, ls, rhs, rs)
    if isinstance(bias, TileType):
        if isinstance(bias.shape[0], int) and bias.shape[0] != 1:
            raise DeduceError("PTO-TD45", op=op.name)
        bn, n = bias.shape[1], out.shape[1]
        if isinstance(bn, int) and isinstance(n, int) and bn != n:
            raise DeduceError("PTO-TD46", op=op.name)
        rows = bias.valid[0] if bias.valid is not None and len(bias.valid) == 2 else None
        if isinstance(rows, int) and rows != 1:
            _requirement(op.name, f"requires bias valid rows to be 1, but got {rows}")
    return out
