"""The shared core of the op type deducers: the error, the helpers of ``type_inference.cpp`` and the registry of
deduction families.

Each registered op names its family in ``OpDef.deduce``. A family reads the DSL-level call (positional args in
the wrapper's order, keyword args by name) and returns the result type, or raises ``DeduceError`` with the
deducer rule it breaks and the rule's fields (``compiler/rules/op_deducers.py`` and its siblings). Operands we
cannot type (UNKNOWN, symbolic dims, a scalar whose dtype the front end does not track) never cause an error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from compiler import catalog
from compiler.diagnostics import Problem
from compiler.ops.opdef import OpDef
from compiler.types import UNKNOWN, ArgValue, Dim, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import DTYPE_BITS, DTYPES, DTypeValue, EnumValue

Shaped = TensorType | TileType

_FLOATS = frozenset({"FP4", "FP8E4M3FN", "FP8E5M2", "FP8E8M0", "HF4", "HF8", "FP16", "BF16", "FP32"})
_SIGNED = frozenset({"INT4", "INT8", "INT16", "INT32", "INT64"})
_UNSIGNED = frozenset({"UINT4", "UINT8", "UINT16", "UINT32", "UINT64"})
_DTYPE_TEXT = {"BF16": "bfloat16", "TASK_ID": "task_id"}


class DeduceError(ValueError):
    """A type-deduction failure: the deducer rule it breaks, with the rule's fields (`problem`)."""

    def __init__(self, code: str, subject: str | None = None, **fields: object) -> None:
        super().__init__(code)
        self.problem: Problem = catalog.problem(code, subject, **fields)


# ---------------------------------------------------------------------------------------------
# Shared helpers (type_inference.cpp)
# ---------------------------------------------------------------------------------------------


def static_numel(shape: Sequence[Dim]) -> int | None:
    """The element count of a shape whose extents are all static; None when one is not."""
    total = 1
    for d in shape:
        if not isinstance(d, int):
            return None
        total *= d
    return total


def is_float(dtype: str) -> bool:
    """DataType::IsFloat."""
    return dtype in _FLOATS


def is_int(dtype: str) -> bool:
    """DataType::IsInt: a signed (INDEX included) or unsigned integer."""
    return dtype in _SIGNED or dtype in _UNSIGNED or dtype == "INDEX"


def known(dtype: str | None) -> bool:
    """A dtype the model is sure of: a real dtype name (not "?" of an unranked tensor)."""
    return dtype is not None and dtype in DTYPE_BITS


def dtype_text(dtype: str) -> str:
    """DataType::ToString: `fp32`, `bfloat16`, `int8`, `index`."""
    return _DTYPE_TEXT.get(dtype, dtype.lower())


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


def static(d: Dim) -> int | None:
    """A static extent, or None for a symbolic one."""
    return d if isinstance(d, int) else None


def param(
    args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue], idx: int, name: str, default: ArgValue = None
) -> ArgValue:
    """One argument of the call, by keyword or at its position."""
    if name in kwargs:
        return kwargs[name]
    if 0 <= idx < len(args):
        return args[idx]
    return default


def shape_arg(value: ArgValue) -> tuple[Dim, ...] | None:
    """A shape literal (`[64, N]`, or one int), each unknown element as "?"; None when it is not one."""
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


def dtype_arg(value: ArgValue) -> str | None:
    """The dtype an argument names (`pl.FP32`), or None."""
    if isinstance(value, DTypeValue):
        return value.name
    if isinstance(value, EnumValue) and value.enum == "DataType":
        return value.member
    if isinstance(value, str) and value.upper() in DTYPES:
        return value.upper()
    return None


def flag(value: ArgValue) -> bool:
    """A boolean keyword's value (False when unknown)."""
    return bool(value) if isinstance(value, bool | int) else False


def with_shape(
    like: Shaped, shape: tuple[Dim, ...], dtype: str | None = None, memory: str | None = None
) -> Shaped:
    """A value of the same kind (tensor or tile) as `like` with another shape. A narrowed valid region is not
    mapped onto the new shape: it becomes unknown ("?" extents), so no check reads the new box as fully valid."""
    dt = dtype or like.dtype
    valid: tuple[Dim, ...] | None = ("?",) * len(shape) if like.valid is not None else None
    if isinstance(like, TensorType):
        return TensorType(shape, dt, like.distributed, valid=valid)
    return TileType(shape, dt, memory if memory is not None else like.memory, valid)


def vec(like: Shaped, shape: tuple[Dim, ...], dtype: str | None = None) -> Shaped:
    """A result in Vec for a tile op (fixed(Vec)); tensors stay tensors."""
    if isinstance(like, TileType):
        return TileType(shape, dtype or like.dtype, "Vec")
    return TensorType(shape, dtype or like.dtype, like.distributed)


def shaped_pair(lhs: ArgValue, rhs: ArgValue) -> tuple[Shaped, Shaped] | None:
    """Two tensors or two tiles, or None."""
    if isinstance(lhs, TensorType) and isinstance(rhs, TensorType):
        return lhs, rhs
    if isinstance(lhs, TileType) and isinstance(rhs, TileType):
        return lhs, rhs
    return None


Family = Callable[[OpDef, Sequence[ArgValue], Mapping[str, ArgValue]], ValueType]
FAMILIES: dict[str, Family] = {}
OpeningCheck = Callable[[OpDef, Sequence[ArgValue], Mapping[str, ArgValue]], None]
# Checks that open every deducer before its family's own (the operand kinds of operand_kinds.py).
OPENING_CHECKS: list[OpeningCheck] = []


def family(name: str) -> Callable[[Family], Family]:
    """Register a deduction family under `name`."""

    def register(fn: Family) -> Family:
        FAMILIES[name] = fn
        return fn

    return register


def opening_check(fn: OpeningCheck) -> OpeningCheck:
    """Register a check that runs before every family deducer."""
    OPENING_CHECKS.append(fn)
    return fn


def deduce(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """The result type of calling `op`; raises DeduceError with the compiler's message."""
    fn = FAMILIES.get(op.deduce or "")
    if fn is None:
        return UNKNOWN
    for check in OPENING_CHECKS:
        check(op, args, kwargs)
    return fn(op, args, kwargs)


# ---------------------------------------------------------------------------------------------
# Operand kinds and scalar operands (Type::TypeName; pypto/ir/utils.py _normalize_scalar_operand)
# ---------------------------------------------------------------------------------------------

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def kind_of(value: ArgValue) -> str | None:
    """Type::TypeName of an operand the model is sure of; None when it cannot tell."""
    if isinstance(value, TensorType):
        if not value.ranked:
            return None
        return "DistributedTensorType" if value.distributed else "TensorType"
    if isinstance(value, TileType):
        return "TileType"
    if isinstance(value, ScalarType | int | float) and not isinstance(value, bool):
        return "ScalarType"
    return None


def require_kind(op: OpDef, value: ArgValue, want: str, position: str, *, prefix: bool = True) -> None:
    """CHECK(As<want>(arg)): "The operator <op> requires <position> to be a <want>, but got <kind>"."""
    got = kind_of(value)
    if got is None:
        return
    accepted = ("TensorType", "DistributedTensorType") if want.startswith("TensorType") else (want,)
    if got not in accepted:
        code = "PTO-TD57" if prefix else "PTO-TD93"
        raise DeduceError(code, op=op.name, position=position, want=want, got=got)


def scalar_dtype(value: ArgValue, paired: str | None, *, int_fallback: str = "INT32") -> str | None:
    """The dtype a scalar operand has once the IR builder has normalised it against the tile or tensor
    dtype `paired`: a bare literal takes the paired dtype (a float literal on an integer operand stays FP32);
    a typed scalar keeps its own. None when the model does not know it (the front end types many scalars
    INDEX for want of better, so INDEX is not trusted)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        if paired is None or not known(paired):
            return "FP32" if isinstance(value, float) else int_fallback
        if isinstance(value, float) and is_int(paired):
            return "FP32"
        if is_int(paired) or is_float(paired):
            return paired
        return "FP32" if isinstance(value, float) else int_fallback
    if isinstance(value, ScalarType) and known(value.dtype) and value.dtype != "INDEX":
        return value.dtype
    return None
