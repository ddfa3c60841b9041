"""How the parser resolves a DSL call to a registered op and types it (`parse_op_call`, reference §4.0, B.6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from compiler import catalog
from compiler.diagnostics import Problem
from compiler.ops.deduce import DeduceError, deduce, promote_dtypes
from compiler.ops.dsl import BOUNDARY, DSL_NAMES, EXPLICIT, FRONTEND, PLD_SHORT, PROMOTED, UNIFIED
from compiler.ops.opdef import OpDef
from compiler.ops.registry import get_op
from compiler.ops.wrappers import check_explicit, check_unwrapped, dispatch_unified
from compiler.types import (
    UNKNOWN,
    UNRANKED_TENSOR,
    ArgValue,
    ScalarType,
    TensorType,
    TileType,
    TupleType,
    ValueType,
)


@dataclass(frozen=True, slots=True)
class Resolution:
    """The outcome of resolving one DSL call."""

    dsl_name: str
    ir_name: str | None
    op: OpDef | None
    result: ValueType
    error: Problem | None  # the deducer rule the call breaks, before the parser wraps it (see op_error)
    unknown: bool = False


# Binary names whose scalar-rhs form is `<ir>s` (tile.add -> tile.adds, tensor.mul -> tensor.muls).
_SCALAR_FORMS = frozenset(
    {"add", "sub", "mul", "div", "maximum", "minimum", "fmod", "and", "or", "xor", "shl", "shr", "cmp", "rem"}
)
# Unified names that fold to a scalar expression for Scalar x Scalar operands.
_SCALAR_EXPR = frozenset({"add", "sub", "mul", "div", "cast"})


def _is_scalar(value: ArgValue) -> bool:
    return isinstance(value, ScalarType | int | float) and not isinstance(value, TensorType | TileType)


def _shaped(args: Sequence[ArgValue]) -> list[ArgValue]:
    return [a for a in args if isinstance(a, TensorType | TileType)]


def _module_and_op(dsl_name: str) -> tuple[str, str]:
    module, _, op = dsl_name.rpartition(".")
    return module, op


def op_error(dsl_name: str, problem: Problem) -> Problem:
    """The parser's InvalidOperationError around an op's error: PTO-F15 ``pl operation '<op>': <detail>``,
    PTO-F15b for an explicitly namespaced op, PTO-F15c (passed through) when the error already names the
    op by its DSL name."""
    module, op = _module_and_op(dsl_name)
    # WR11: an exception other than TypeError / ValueError; TD208: raised by an IR builder the parser calls
    # directly (no DSL wrapper), whose every exception it reports this way (_dispatch_ir_builder_op).
    if problem.code in ("PTO-WR11", "PTO-TD208"):
        return catalog.problem("PTO-F16", module=module, op=op, detail=problem)
    named = problem.subject
    if named is not None and named.startswith((f"pl.{op}", f"{module}.{op}")):
        return catalog.problem("PTO-F15c", op=named, detail=replace(problem, subject=None))
    if named is None and problem.message.startswith((f"pl.{op}", f"{module}.{op}")):
        # The parser's own test: a message that starts with the op's name is passed through as it is.
        return catalog.problem("PTO-F49", detail=problem)
    if module == "pl":
        return catalog.problem("PTO-F15", op=op, detail=problem)
    return catalog.problem("PTO-F15b", module=module, op=op, detail=problem)


def _scalar_variant(ir_name: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> str:
    ns, _, base = ir_name.rpartition(".")
    rhs = args[1] if len(args) > 1 else kwargs.get("rhs")
    if base in _SCALAR_FORMS and _is_scalar(rhs):
        candidate = f"{ns}.{base}s"
        if get_op(candidate) is not None:
            return candidate
    return ir_name


def _explicit_ir(dsl_name: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> str | None:
    """The IR op an explicit-namespace wrapper builds for these operands."""
    ir = EXPLICIT.get(dsl_name)
    if ir is None:
        return None
    _, op = _module_and_op(dsl_name)
    if ir.endswith(".mrgsort_format1"):
        srcs = [a for a in args[1:4] if a is not None] + [
            kwargs[k] for k in ("src1", "src2", "src3") if k in kwargs
        ]
        return ir.replace("format1", "format2") if srcs else ir
    if ir == "tensor.gather":
        if "mask_pattern" in kwargs:
            return "tensor.gather_mask"
        if "kvalue" in kwargs:
            return "tensor.gather_compare"
    if ir == "tensor.scatter" and "mask_pattern" in kwargs:
        return "tensor.scatter_mask"
    if op.rstrip("_") in _SCALAR_FORMS:
        return _scalar_variant(ir, args, kwargs)
    return ir


def _unified_target(
    dsl_name: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]
) -> str | Resolution:
    """The explicit DSL name a unified `pl.<op>` dispatches to, or a finished Resolution."""
    _, op = _module_and_op(dsl_name)
    try:
        dispatch = dispatch_unified(op, args, kwargs)
    except DeduceError as exc:
        return Resolution(dsl_name, None, None, UNKNOWN, exc.problem)
    if dispatch.scalar_expr:
        return Resolution(dsl_name, None, None, _scalar_expr(op, args, kwargs), None)
    if dispatch.target is None:
        return Resolution(dsl_name, None, None, UNKNOWN, None)
    return dispatch.target


def _scalar_expr(op: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    if op == "cast":
        target = args[1] if len(args) > 1 else kwargs.get("target_type")
        name = getattr(target, "name", None)
        return ScalarType(name) if isinstance(name, str) else UNKNOWN
    dtypes = [a.dtype for a in args[:2] if isinstance(a, ScalarType)]
    if any(isinstance(a, float) for a in args[:2]):
        dtypes.append("FP32")
    if not dtypes:
        return ScalarType("INDEX")
    result = dtypes[0]
    for dt in dtypes[1:]:
        result = promote_dtypes(result, dt)
    return ScalarType(result)


def _returns_tensor(op: OpDef) -> bool:
    """Tensor ops whose result is a tensor (not a scalar read or a dimension query)."""
    return op.name not in ("tensor.read", "tensor.dim")


# Resolutions by call (a pure function of the name and the argument values): the same op on the same
# types recurs across kernels, helpers spliced many times and the files of one `check` run.
_RESOLVED: dict[object, Resolution] = {}
_MAX_RESOLVED = 20_000


def _arg_key(value: object) -> object:
    """A key that tells apart what `==` does not: the value's type (1, 1.0 and True are equal), the
    valid extents of tensors and tiles, a tensor's layout, a tile's known col_major layout and MX view, a
    scalar's exactness, IR node kind and printed name (not compared), and which extents are runtime ones (a
    RuntimeDim equals the plain name of an unknown one)."""
    if type(value) is tuple:
        return (tuple, tuple(_arg_key(v) for v in value))
    if isinstance(value, TensorType):
        return (
            TensorType,
            value,
            _dims_key(value.valid),
            value.layout,
            value.stride,
            value.annotated,
            value.written_valid,
            value.valid_float_axes,
            *_extent_kinds(value),
        )
    if isinstance(value, TileType):
        return (TileType, value, _dims_key(value.valid), value.blayout, value.mx_view, *_extent_kinds(value))
    if isinstance(value, TupleType):
        return (TupleType, tuple(_arg_key(v) for v in value.items))
    if isinstance(value, ScalarType):
        return (ScalarType, value, value.exact, value.node, value.name)
    return (type(value), value)


def _dims_key(dims: tuple[object, ...] | None) -> object:
    """Valid extents with each one's type: a runtime text the compiler spells otherwise (RuntimeText) is not
    the same extent as the name it equals."""
    return None if dims is None else tuple((type(d), d) for d in dims)


def _extent_kinds(value: TensorType | TileType) -> tuple[tuple[type, ...], tuple[type, ...] | None]:
    """The Python type of each extent and valid extent: int, str (unknown) or RuntimeDim."""
    valid = value.valid
    return tuple(map(type, value.shape)), tuple(map(type, valid)) if valid is not None else None


def resolve_call(dsl_name: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> Resolution:
    """Resolve `dsl_name(*args, **kwargs)` to its IR op and deduce the result type (memoised by value)."""
    key: object = (
        dsl_name,
        tuple(_arg_key(a) for a in args),
        tuple((k, _arg_key(v)) for k, v in kwargs.items()),
    )
    try:
        found = _RESOLVED.get(key)
    except TypeError:  # an unhashable value: resolved without the memo
        return _resolve_call(dsl_name, args, kwargs)
    if found is None:
        found = _resolve_call(dsl_name, args, kwargs)
        if len(_RESOLVED) >= _MAX_RESOLVED:
            _RESOLVED.clear()
        _RESOLVED[key] = found
    return found


def _resolve_call(dsl_name: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> Resolution:
    if dsl_name not in DSL_NAMES:
        return Resolution(dsl_name, None, None, UNKNOWN, None, unknown=True)
    if dsl_name in FRONTEND:
        return Resolution(dsl_name, None, None, UNKNOWN, None)
    target = dsl_name
    if dsl_name in BOUNDARY:
        _, op = _module_and_op(dsl_name)
        src = args[0] if args else kwargs.get("x")
        if isinstance(src, TensorType):
            target = f"pl.tensor.{op}"
        elif isinstance(src, TileType | ScalarType):
            target = f"pl.tile.{op}"  # the parser builds the tile op for any non-Tensor operand
        else:
            return Resolution(dsl_name, None, None, UNKNOWN, None)
        ir: str | None = f"{target.split('.')[1]}.{op}"
    else:
        if dsl_name in PLD_SHORT:
            target = PLD_SHORT[dsl_name]
            src = args[0] if args else None
            if dsl_name == "pld.remote_store" and isinstance(src, TensorType):
                target = "pld.tensor.remote_store"
        elif dsl_name in PROMOTED:
            target = PROMOTED[dsl_name]
        elif dsl_name.startswith("pl.") and dsl_name.count(".") == 1 and dsl_name[3:] in UNIFIED:
            dispatched = _unified_target(dsl_name, args, kwargs)
            if isinstance(dispatched, Resolution):
                return dispatched
            target = dispatched
        try:
            if target == dsl_name:
                check_unwrapped(target, args, kwargs)
            check_explicit(target, args, kwargs)
        except DeduceError as exc:
            return Resolution(dsl_name, None, None, UNKNOWN, exc.problem)
        ir = _explicit_ir(target, args, kwargs)
    op_def = get_op(ir) if ir is not None else None
    if op_def is None:
        return Resolution(dsl_name, ir, None, UNKNOWN, None)
    if any(isinstance(a, TensorType) and not a.ranked for a in args):
        # A tensor whose shape is only known at call time: the op is known, its result shape is not.
        result: ValueType = (
            UNRANKED_TENSOR if op_def.name.startswith("tensor.") and _returns_tensor(op_def) else UNKNOWN
        )
        return Resolution(dsl_name, ir, op_def, result, None)
    try:
        result = deduce(op_def, args, kwargs)
    except DeduceError as exc:
        return Resolution(dsl_name, ir, op_def, UNKNOWN, exc.problem)
    return Resolution(dsl_name, ir, op_def, result, None)
