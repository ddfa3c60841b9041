"""The DSL's Python wrappers as the parser calls them (``python/pypto/language/op/unified_ops.py``): how a unified
``pl.<op>`` dispatches on its operands' kinds, and the guards that reject an argument before any deducer runs.

The parser hands a wrapper DSL objects: a tensor is a ``Tensor`` (``DistributedTensor`` for a window), a tile a
``Tile``, a scalar value a ``Scalar``, and a literal stays a raw ``ConstInt`` / ``ConstFloat`` expression
(``_dsl_invoker._wrap_arg``); the dispatch errors name those classes. An operand the model cannot type never
causes an error: the dispatch then follows the operands it can type.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from compiler.ops.deducers.core import DeduceError, dtype_arg, dtype_text, flag, is_float, known
from compiler.ops.signatures import SIGNATURES
from compiler.types import UNKNOWN, ArgValue, Dim, ScalarType, TensorType, TileType
from compiler.vocabulary import DTypeValue, EnumValue


def py_class(value: ArgValue) -> str | None:
    """The class name the wrapper sees for an argument (``type(a).__name__``); None when unknown."""
    if isinstance(value, TensorType):
        return "DistributedTensor" if value.distributed else "Tensor"
    if isinstance(value, TileType):
        return "Tile"
    if isinstance(value, ScalarType):
        return "Scalar"
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return "ConstInt"
    if isinstance(value, float):
        return "ConstFloat"
    return None


def _tensor(v: ArgValue) -> bool:
    return isinstance(v, TensorType)


def _tile(v: ArgValue) -> bool:
    return isinstance(v, TileType)


def _scalar(v: ArgValue) -> bool:
    """``_is_scalar_like``: a Scalar or a literal."""
    return isinstance(v, ScalarType | int | float) and not isinstance(v, bool)


def _unknown(v: ArgValue) -> bool:
    return py_class(v) is None and v is not None


@dataclass(frozen=True, slots=True)
class Dispatch:
    """Where a unified call goes: the explicit DSL name it calls (``pl.tile.adds``), or a scalar expression."""

    target: str | None
    scalar_expr: bool = False


NOWHERE = Dispatch(None)

# ---------------------------------------------------------------------------------------------
# Dispatch classes of the unified names (unified_ops.py)
# ---------------------------------------------------------------------------------------------

_ARITH = frozenset(
    {"add", "sub", "mul", "div", "fmod", "maximum", "minimum", "cmp", "and_", "or_", "shl", "shr"}
)
_SCALAR_ARITH = frozenset({"add", "sub", "mul", "div"})
_SCALAR_SUFFIX = {"and_": "ands", "or_": "ors", "cmp": "cmps"}
_PAIRS = frozenset(
    {
        "part_add", "part_mul", "part_max", "part_min", "concat", "sort32", "matmul", "batch_matmul",
        "matmul_acc", "assemble", "row_expand", "row_expand_mul", "row_expand_div", "row_expand_add",
        "row_expand_sub", "row_expand_max", "row_expand_min", "row_expand_expdif", "col_expand", "col_expand_mul",
        "col_expand_div", "col_expand_sub", "col_expand_add", "col_expand_max", "col_expand_min",
        "col_expand_expdif",
    }
)  # fmt: skip
_TILE_ONLY_PAIRS = frozenset({"batch_matmul"})
_ON_FIRST_PAIR_ERROR = frozenset({"fmods", "ands", "ors", "shls", "shrs", "xor", "xors"})
_ON_FIRST_SINGLE_ERROR = frozenset({"col_sum", "col_max", "col_min", "col_prod"})
_ON_FIRST = frozenset(
    {
        "exp", "log", "sin", "cos", "neg", "abs", "recip", "sqrt", "rsqrt", "expands", "reshape",
        "reinterpret_view", "transpose", "slice", "fillpad", "fillpad_expand", "row_max", "row_sum", "row_min",
        "row_prod", "row_argmax", "row_argmin", "col_argmax", "col_argmin", "not_", "set_validshape", "read",
        "write", "scatter_update", "mrgsort", "gather_row", "cast",
    }
)  # fmt: skip
_EXPECTED = {"gather_row": "Tensor or Tile destination", "cast": "Tensor, Tile, or Scalar"}

_ROW_REDUCTION = (
    "tmp_tile with the same dtype and rank as the input, and every dimension at least as large as the "
    "corresponding input dimension"
)
_TMP_REQUIRED = {
    "row_max": _ROW_REDUCTION,
    "row_sum": _ROW_REDUCTION,
    "row_min": _ROW_REDUCTION,
    "row_prod": _ROW_REDUCTION,
    "row_argmax": "tmp_tile with exactly the same shape and dtype as the input",
    "row_argmin": "tmp_tile with exactly the same shape and dtype as the input",
    "col_argmax": "tmp_tile — the tile form takes caller-owned scratch, unlike pl.col_max / pl.col_min",
    "col_argmin": "tmp_tile — the tile form takes caller-owned scratch, unlike pl.col_max / pl.col_min",
}
_TMP_PARAM = {
    **{name: "tmp_tile" for name in _TMP_REQUIRED},
    "col_sum": "tmp_tile",
    "row_expand_add": "tmp",
    "xor": "tmp",
    "xors": "tmp",
    "mrgsort": "tmp",
}
_TRANSPOSE_REMEDY = (
    "At tile level a transposed operand is an explicit zero-copy view, not an op flag: wrap the operand with "
    "pl.tile.transpose_view(...) and pass it directly."
)
_NZ_REMEDY = (
    "The tile matmul result layout is fixed by its Acc tile type; there is no tile-level equivalent of this "
    "tensor-level flag."
)
_RSQRT_REMEDY = "The tile form selects precision by taking a scratch tile: pl.tile.rsqrt(tile, tmp)."
_ATOMIC_REMEDY = (
    "An atomic combine needs a global-memory destination, and a tile-to-tile assemble has none. Write the "
    "accumulation into a Tensor target instead — inside an InCore function that is pl.assemble(out_tensor, tile, "
    "offset, atomic=...)."
)
_TILE_FLAGS = {
    "matmul": (("a_trans", _TRANSPOSE_REMEDY), ("b_trans", _TRANSPOSE_REMEDY), ("c_matrix_nz", _NZ_REMEDY)),
    "matmul_acc": (("a_trans", _TRANSPOSE_REMEDY), ("b_trans", _TRANSPOSE_REMEDY)),
    "rsqrt": (("high_precision", _RSQRT_REMEDY),),
}


def _bound(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> dict[str, ArgValue]:
    """The call's arguments by parameter name (the wrapper's signature)."""
    names = SIGNATURES.get(dsl, ((), 0, (), (), False, False))[0]
    out: dict[str, ArgValue] = dict(zip(names, args, strict=False))
    out.update(kwargs)
    return out


def _dispatch_error(op: str, operands: Sequence[ArgValue]) -> DeduceError | None:
    """_raise_type_dispatch_error, or None when an operand's class is unknown."""
    classes = [py_class(v) for v in operands]
    if any(c is None for c in classes):
        return None
    types = ", ".join(c for c in classes if c is not None)
    if any(_tensor(v) for v in operands) and any(_tile(v) for v in operands):
        return DeduceError("PTO-TD56", f"pl.{op}", types=types)
    return DeduceError("PTO-WR2", f"pl.{op}", types=types)


def _raise_dispatch(op: str, operands: Sequence[ArgValue]) -> Dispatch:
    error = _dispatch_error(op, operands)
    if error is not None:
        raise error
    return NOWHERE


def _guard_tmp(op: str, tensor: bool, bound: Mapping[str, ArgValue]) -> None:
    """_reject_tmp_for_tensor / _require_tmp_for_tile."""
    param = _TMP_PARAM.get(op)
    if param is None:
        return
    given = bound.get(param)
    if tensor and given is not None:
        raise DeduceError("PTO-WR4", f"pl.{op}", param=param)
    if not tensor:
        requirement = _TMP_REQUIRED.get(op)
        if op in ("xor", "xors"):
            requirement = (
                f"an explicit scratch tile — call pl.{op}(lhs, rhs, tmp) or pl.tile.{op}(lhs, rhs, tmp)"
            )
        if requirement is not None and given is None:
            raise DeduceError("PTO-WR5", f"pl.{op}", requirement=requirement)


def _guard_tile_flags(op: str, bound: Mapping[str, ArgValue]) -> None:
    """_reject_tile_unsupported: a Tensor-only flag set on the Tile path."""
    for name, remedy in _TILE_FLAGS.get(op, ()):
        if flag(bound.get(name)):
            raise DeduceError("PTO-WR6", f"pl.{op}", name=name, remedy=remedy)
    if op == "assemble":
        atomic = bound.get("atomic")
        if isinstance(atomic, EnumValue) and atomic.member != "None_":
            raise DeduceError("PTO-WR6", f"pl.{op}", name="atomic", remedy=_ATOMIC_REMEDY)


def _matmul_out_dtype(bound: Mapping[str, ArgValue]) -> None:
    """_check_tile_matmul_out_dtype: a Tile matmul's out_dtype must be the accumulator's own."""
    out = dtype_arg(bound.get("out_dtype"))
    lhs, rhs = bound.get("lhs"), bound.get("rhs")
    if out is None or not (isinstance(lhs, TileType) and isinstance(rhs, TileType)):
        return
    deduced = "FP32" if is_float(lhs.dtype) and is_float(rhs.dtype) else "INT32"
    if out != deduced:
        raise DeduceError("PTO-WR8", "pl.matmul", out=dtype_text(out), deduced=dtype_text(deduced))


_CAST_MODES = ("none", "rint", "round", "floor", "ceil", "trunc", "odd")


def _scalar_cast_mode(mode: ArgValue) -> None:
    """pl.cast of a Scalar (language/op/unified_ops.py cast): a valid rounding mode other than the default
    "round" (2) is refused; an invalid one is resolve_cast_mode's error, a mode the model does not see none."""
    if isinstance(mode, bool):
        return
    valid = (
        mode in _CAST_MODES
        if isinstance(mode, str)
        else isinstance(mode, int) and 0 <= mode < len(_CAST_MODES)
    )
    if valid and mode not in ("round", 2):
        raise DeduceError("PTO-F277", "pl.cast", mode=repr(mode))


def dispatch_unified(op: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> Dispatch:
    """The explicit op a unified ``pl.<op>`` call dispatches to, or the wrapper's error (DeduceError)."""
    dsl = f"pl.{op}"
    bound = _bound(dsl, args, kwargs)
    operands = list(args[:2]) if op != "matmul_acc" else list(args[:3])
    first = args[0] if args else next(iter(bound.values()), None)
    if op in _ARITH:
        lhs = first
        rhs = args[1] if len(args) > 1 else bound.get("rhs")
        suffix = _SCALAR_SUFFIX.get(op, op.rstrip("_") + "s")
        if _tensor(lhs) and (_tensor(rhs) or _scalar(rhs) or _unknown(rhs)):
            return Dispatch(f"pl.tensor.{op}")
        if _tile(lhs) and (_tile(rhs) or _unknown(rhs)):
            return Dispatch(f"pl.tile.{op}")
        if _tile(lhs) and _scalar(rhs):
            if op == "div" and flag(bound.get("high_precision")):
                raise DeduceError("PTO-WR7", "pl.div")
            return Dispatch(f"pl.tile.{suffix}")
        if op in _SCALAR_ARITH and _scalar(lhs) and _scalar(rhs):
            if op == "div" and flag(bound.get("high_precision")):
                raise DeduceError("PTO-WR7b", "pl.div")
            return Dispatch(None, scalar_expr=True)
        if _unknown(lhs):
            return NOWHERE
        return _raise_dispatch(op, [lhs, rhs])
    if op in _PAIRS:
        n = 3 if op == "matmul_acc" else 2
        operands = [args[i] if i < len(args) else None for i in range(n)]
        if any(_unknown(v) for v in operands):
            kinds = {type(v) for v in operands if isinstance(v, TensorType | TileType)}
            if len(kinds) == 1:
                return Dispatch(f"pl.{'tensor' if kinds == {TensorType} else 'tile'}.{op}")
            return NOWHERE
        if op not in _TILE_ONLY_PAIRS and all(_tensor(v) for v in operands):
            _guard_tmp(op, True, bound)
            return Dispatch(f"pl.tensor.{op}")
        if all(_tile(v) for v in operands):
            _guard_tile_flags(op, bound)
            if op == "matmul":
                _matmul_out_dtype(bound)
            return Dispatch(f"pl.tile.{op}")
        return _raise_dispatch(op, operands)
    if op in _ON_FIRST or op in _ON_FIRST_PAIR_ERROR or op in _ON_FIRST_SINGLE_ERROR:
        if _tensor(first):
            _guard_tmp(op, True, bound)
            return Dispatch(f"pl.tensor.{op}")
        if _tile(first):
            _guard_tmp(op, False, bound)
            _guard_tile_flags(op, bound)
            if op == "slice" and flag(bound.get("clamp")):
                raise DeduceError("PTO-WR9", "pl.slice")
            if op in ("xor", "xors"):
                rhs = args[1] if len(args) > 1 else bound.get("rhs")
                if op == "xor" and _scalar(rhs):
                    return Dispatch("pl.tile.xors")
                if op == "xor" and not (_tile(rhs) or _unknown(rhs)):
                    return _raise_dispatch(op, [first, rhs])
            return Dispatch(f"pl.tile.{op}")
        if op == "cast" and _scalar(first):
            _scalar_cast_mode(bound.get("mode"))
            return Dispatch(None, scalar_expr=True)
        if op == "cast" and isinstance(first, tuple | DTypeValue):
            # The parser hands a list or tuple literal over as a Python list, a dtype as a DataType.
            literal = "list" if isinstance(first, tuple) else "DataType"
            raise DeduceError("PTO-WR3", "pl.cast", expected=_EXPECTED["cast"], got=literal)
        if first is None or _unknown(first):
            return NOWHERE
        if op in _ON_FIRST_PAIR_ERROR:
            return _raise_dispatch(op, [first, args[1] if len(args) > 1 else bound.get("rhs")])
        if op in _ON_FIRST_SINGLE_ERROR:
            return _raise_dispatch(op, [first])
        got = py_class(first)
        raise DeduceError("PTO-WR3", f"pl.{op}", expected=_EXPECTED.get(op, "Tensor or Tile"), got=got)
    return NOWHERE


# ---------------------------------------------------------------------------------------------
# The explicit namespaces' IR builders (python/pypto/ir/op/tile_ops.py)
# ---------------------------------------------------------------------------------------------

# Tile builders that normalise their second operand as a scalar (_normalize_scalar_operand) unless it is a Tile
# or a Scalar: a Tensor there reaches float() / int() against the tile's dtype.
_TILE_SCALAR_OPERAND = frozenset(
    {
        "add", "sub", "mul", "div", "adds", "subs", "muls", "divs", "maximums", "minimums",
        "fmods", "ands", "ors", "shls", "shrs", "rems", "xors", "addsc", "subsc", "expands", "cmps",
    }
)  # fmt: skip
# Of those, the wrappers that unwrap only a Scalar and hand a Tile to the builder as it is (lrelu normalises its
# slope to FP32 the same way): float() / int() then meets the Tile.
# The explicit tensor wrappers that unwrap a Tensor or Scalar rhs (_unwrap_rhs) and hand anything else, a Tile
# too, to the IR builder's _normalize_scalar_operand, which reads it as a constant of the lhs's element dtype.
_TENSOR_RHS_SCALAR = frozenset(
    {
        "mul", "muls", "add", "adds", "sub", "subs", "div", "divs", "fmod", "fmods", "maximum", "minimum",
        "and_", "ands", "or_", "ors", "xor", "xors", "shl", "shls", "shr", "shrs", "expands",
    }
)  # fmt: skip
_TILE_KEPT = frozenset(
    {
        "maximums", "minimums", "fmods", "ands", "ors", "shls", "shrs", "rems", "xors", "addsc", "subsc",
        "expands", "cmps", "lrelu",
    }
)  # fmt: skip


# The window-bound operands of the pld wrappers (name, position), checked in this order
# (python/pypto/language/distributed/op: _unwrap_distributed_tensors and its inline copies).
_DISTRIBUTED_OPERANDS: dict[str, tuple[tuple[str, int], ...]] = {
    "pld.tensor.allreduce": (("target", 0), ("signal", 1)),
    "pld.tensor.barrier": (("signal", 0),),
    "pld.tensor.broadcast": (("target", 0), ("signal", 1)),
    "pld.tensor.reduce_scatter": (("target", 0), ("signal", 1)),
    "pld.tensor.allgather": (("target", 1), ("signal", 2)),
    "pld.tensor.all_to_all": (("target", 1), ("signal", 2)),
    "pld.tensor.all_to_all_v": (("target", 1), ("signal", 2), ("recv_counts", 4)),
    "pld.tensor.get": (("src", 2),),
    "pld.tensor.put": (("dst", 0),),
    "pld.tile.remote_load": (("target", 0),),
    "pld.tile._remote_load_with_physical_tail_padding": (("target", 0),),
    "pld.tile.remote_store": (("target", 1),),
}


def _printed_type(value: ArgValue) -> str | None:
    """ir.python_print_type of a plain tensor or a tile with static extents; None when unsure."""
    if isinstance(value, ScalarType) and value.dtype == "TASK_ID":
        return "pl.Scalar[pl.TASK_ID]"  # a None literal: the parser's TaskId sentinel
    if not isinstance(value, TensorType | TileType) or not all(isinstance(d, int) for d in value.shape):
        return None
    shape = "[" + ", ".join(str(d) for d in value.shape) + "]"
    if isinstance(value, TensorType):
        return None if value.distributed or not value.ranked else f"pl.Tensor[{shape}, pl.{value.dtype}]"
    return f"pl.Tile[{shape}, pl.{value.dtype}, pl.Mem.{value.memory}]" if value.memory else None


def _check_distributed(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """A pld op given a plain tensor where it needs a window-bound DistributedTensor."""
    _check_chunks(dsl, kwargs)
    if dsl == "pld.tensor.allreduce":
        core_num = kwargs.get("core_num", 1)
        if isinstance(core_num, float | bool):
            raise DeduceError(
                "PTO-TD145",
                op=dsl[4:],
                requirement=f"core_num must be a positive compile-time int, got {type(core_num).__name__}",
            )
        if isinstance(core_num, int) and core_num <= 0:
            raise DeduceError(
                "PTO-TD145", op=dsl[4:], requirement=f"core_num must be positive, got {core_num}"
            )
        mode = kwargs.get("mode", "mesh")
        if len(args) < 2 and "signal" not in kwargs:
            if isinstance(mode, str) and mode != "mesh":
                # Host synthesis makes a mesh-shaped signal; ring needs one of its own shape.
                raise DeduceError(
                    "PTO-TD145",
                    op=dsl[4:],
                    requirement=f'mode="{mode}" requires an explicit signal; host signal synthesis only supports '
                    "mesh mode. Pass a window-bound signal, e.g. "
                    'pld.tensor.allreduce(target, signal, mode="ring").',
                )
            return  # the host-synthesised signal path checks its own operands
    for role, index in _DISTRIBUTED_OPERANDS.get(dsl, ()):
        value = kwargs.get(role, args[index] if index < len(args) else None)
        got = _printed_type(value)
        if got is not None:
            raise DeduceError(
                "PTO-TD145",
                op="tile.remote_load" if dsl == _PADDED_LOAD else dsl[4:],
                requirement=f"expects a DistributedTensor {role} (window-bound); got {got}",
            )
    _check_collective_deducer(dsl, args, kwargs)
    _check_transfer(dsl, args, kwargs)
    _check_tile_transfer(dsl, args, kwargs)
    _check_exchange_deducer(dsl, args, kwargs)
    _check_comm_ctx(dsl, args, kwargs)
    _check_remote_offsets(dsl, args, kwargs)
    _check_remote_store(dsl, args, kwargs)
    # pld.tensor.put takes a plain or window-bound GM tensor as src, pld.tensor.get as dst, never a tile.
    role, index = {"pld.tensor.put": ("src", 2), "pld.tensor.get": ("dst", 0)}.get(dsl, ("", -1))
    operand = kwargs.get(role, args[index] if 0 <= index < len(args) else None)
    if isinstance(operand, TileType) and (got := _printed_type(operand)) is not None:
        raise DeduceError(
            "PTO-TD145", op=dsl[4:], requirement=f"expects a Tensor or DistributedTensor {role}; got {got}"
        )


# DeduceTensorBarrierType / BroadcastType / AllReduceType / ReduceScatterType (distributed/collective.cpp,
# allreduce.cpp): dsl -> (target position or None, signal position, the INT32 signal message's reason).
_COLLECTIVES: dict[str, tuple[int | None, int, str]] = {
    "pld.tensor.barrier": (None, 0, " (the barrier slot is an int counter)"),
    "pld.tensor.broadcast": (0, 1, ""),
    "pld.tensor.allreduce": (0, 1, " (the barrier slot is an int counter)"),
    "pld.tensor.reduce_scatter": (0, 1, ""),
}
_REDUCE_OPS = {"Sum": 0, "Max": 1, "Min": 2, "Prod": 3}


def _check_collective_deducer(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """The in-place collectives' deducers, whose messages start with the op's name, in their order: a
    window-bound target (FP16 / FP32 for allreduce, 2-D for reduce_scatter), a window-bound INT32 signal,
    then the reduction and the broadcast root."""
    shape = _COLLECTIVES.get(dsl)
    if shape is None:
        return
    target_at, signal_at, why = shape
    op = dsl[4:]
    if target_at is not None:
        target = kwargs.get("target", args[target_at] if target_at < len(args) else None)
        if not _window_operand(dsl, "target", target):
            return
        assert isinstance(target, TensorType)
        if dsl.endswith("allreduce") and known(target.dtype) and target.dtype not in ("FP16", "FP32"):
            raise DeduceError(
                "PTO-TD145",
                op=op,
                requirement=f"target dtype must be FP16 or FP32, got {dtype_text(target.dtype)}",
            )
        if dsl.endswith("reduce_scatter") and target.ranked and target.rank != 2:
            raise DeduceError(
                "PTO-TD145", op=op, requirement=f"target must be 2D [NR, SIZE], got {target.rank} dims"
            )
    if dsl.endswith("allreduce") and len(args) <= signal_at and "signal" not in kwargs:
        return  # the host-synthesised signal path
    signal = kwargs.get("signal", args[signal_at] if signal_at < len(args) else None)
    if not _window_operand(dsl, "signal", signal):
        return
    assert isinstance(signal, TensorType)
    if not known(signal.dtype):
        return
    if signal.dtype != "INT32":
        raise DeduceError(
            "PTO-TD145",
            op=op,
            requirement=f"signal must have INT32 element type{why}, got dtype {dtype_text(signal.dtype)}",
        )
    reduction = kwargs.get("op")
    number = (
        _REDUCE_OPS.get(reduction.member)
        if isinstance(reduction, EnumValue) and reduction.enum == "ReduceOp"
        else reduction
        if isinstance(reduction, int) and not isinstance(reduction, bool)
        else None
    )
    if dsl.endswith("reduce_scatter") and number is not None and number != 0:
        raise DeduceError(
            "PTO-TD191",
            op=op,
            requirement=f"op must be ReduceOp.Sum (got int {number}); Max / Min / Prod lowerings are not yet "
            "implemented",
        )
    if dsl.endswith("allreduce") and number is not None and not 0 <= number <= 3:
        raise DeduceError(
            "PTO-TD191", op=op, requirement=f"op must be ReduceOp.Sum, Max, Min, or Prod (got int {number})"
        )
    root = kwargs.get("root")
    if dsl.endswith("broadcast") and isinstance(root, int) and not isinstance(root, bool) and root < 0:
        raise DeduceError("PTO-TD145", op=op, requirement=f"root rank must be non-negative, got {root}")


_TRANSFER_REGION = ("dst_offsets", "src_offsets", "shape")
_ATOMIC = {"None_": 0, "Add": 1}
_ATOMIC_ADD_DTYPES = ("FP32", "BF16", "FP16", "INT32", "INT16", "INT8")


def _check_chunks(dsl: str, kwargs: Mapping[str, ArgValue]) -> None:
    """_validate_chunk, the first check of pld.tensor.put / get: each chunk a static int, not negative."""
    if dsl not in ("pld.tensor.put", "pld.tensor.get"):
        return
    for name in ("chunk_rows", "chunk_cols"):
        value = kwargs.get(name, 0)
        if isinstance(value, float | bool):
            requirement = f"{name} must be an int (static), got {type(value).__name__}"
            raise DeduceError("PTO-TD192", op=dsl[4:], requirement=requirement)
        if isinstance(value, int) and value < 0:
            requirement = f"{name} must be non-negative (0 = full), got {value}"
            raise DeduceError("PTO-TD192", op=dsl[4:], requirement=requirement)


def _check_transfer(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """pld.tensor.put / get, the wrapper's then the deducer's checks in their order (language/distributed/
    op/tensor_ops.py, distributed/put.cpp, get.cpp, comm_op_utils.h): static non-negative chunks, pipeline
    only when chunked, the region given whole, then dst / src element types and shapes, the atomic mode and
    the region's ranks and bounds. Stops at the first operand the model cannot see."""
    if dsl not in ("pld.tensor.put", "pld.tensor.get"):
        return
    op = dsl[4:]

    def arg(name: str, index: int) -> ArgValue:
        return kwargs[name] if name in kwargs else args[index] if index < len(args) else None

    chunks = {name: kwargs.get(name, 0) for name in ("chunk_rows", "chunk_cols")}
    rows, cols = chunks["chunk_rows"], chunks["chunk_cols"]
    pipelined = kwargs.get("pipeline") is True and isinstance(rows, int) and isinstance(cols, int)
    if pipelined and not (rows > 0 and cols > 0):  # type: ignore[operator]
        raise DeduceError(
            "PTO-TD192",
            op=op,
            requirement=f"pipeline=True requires both chunk_rows>0 and chunk_cols>0 (got chunk_rows={rows}, "
            f"chunk_cols={cols})",
        )
    dst, peer, src = arg("dst", 0), arg("peer", 1), arg("src", 2)
    if not (isinstance(dst, TensorType) and isinstance(src, TensorType) and dst.ranked and src.ranked):
        return
    window = dst if dsl.endswith("put") else src
    if not window.distributed:
        return  # the wrapper's window check (PTO-TD145)
    given = [name for i, name in enumerate(_TRANSFER_REGION) if arg(name, 3 + i) is not None]
    if given and len(given) < 3:
        raise DeduceError(
            "PTO-TD192", op=op, requirement="dst_offsets, src_offsets, and shape must be provided together"
        )
    region = [arg(name, 3 + i) for i, name in enumerate(_TRANSFER_REGION)]
    if _transfer_contract(op, dsl.endswith("put"), dst, peer, src, kwargs, bool(given)):
        _check_transfer_region(op, region, dst, src)
        _check_dynamic_transfer(op, region[2] if given else None, rows, cols)


def _check_dynamic_transfer(op: str, shape: ArgValue, rows: ArgValue, cols: ArgValue) -> None:
    """ValidateDynamicTransferHasChunk: a region extent that is a runtime value (a scalar variable or call; the
    front end folds constant arithmetic to an int) needs the static chunk of its flattened dimension (rows: the leading dims, cols: the
    innermost). A window's own symbolic extent is not judged: the model cannot tell it from an unknown
    constant."""
    if not isinstance(shape, tuple) or not shape:
        return
    runtime = [isinstance(d, ScalarType) for d in shape]
    for dynamic, which, chunk, value in (
        (any(runtime[:-1]), "leading", "chunk_rows", rows),
        (runtime[-1], "innermost", "chunk_cols", cols),
    ):
        if dynamic and isinstance(value, int) and not isinstance(value, bool) and value <= 0:
            raise DeduceError("PTO-TD193", op=op, which=which, chunk=chunk)


def _transfer_contract(
    op: str,
    put: bool,
    dst: TensorType,
    peer: ArgValue,
    src: TensorType,
    kwargs: Mapping[str, ArgValue],
    given: bool,
) -> bool:
    """ValidatePutContract / ValidateGetContract after the operand kinds: a scalar peer, one element type, the
    shape contract (ValidateTransferShapeContract) and put's atomic mode; False when the model cannot tell."""
    peer_kind = _type_name(peer)
    if peer_kind is not None and peer_kind != "ScalarType":
        raise DeduceError(
            "PTO-TD192", op=op, requirement=f"peer must be a scalar (rank index), got {peer_kind}"
        )
    if not (known(dst.dtype) and known(src.dtype)):
        return False
    if dst.dtype != src.dtype:
        raise DeduceError(
            "PTO-TD192",
            op=op,
            requirement=f"dst and src must have the same element type, got dst {_type_name(dst)} vs src "
            f"{_type_name(src)}",
        )
    if dst.rank == 0:
        raise DeduceError("PTO-TD192", op=op, requirement="requires at least one dimension on dst/src")
    if dst.rank != src.rank:
        raise DeduceError(
            "PTO-TD192", op=op, requirement=f"dst rank ({dst.rank}) must match src rank ({src.rank})"
        )
    for i, (d, s) in enumerate(zip(dst.shape, src.shape, strict=True)):
        if isinstance(d, int) and d <= 0:
            raise DeduceError(
                "PTO-TD192", op=op, requirement=f"shape dimension {i} must be positive, got {d}"
            )
        if isinstance(s, int) and s <= 0:
            raise DeduceError(
                "PTO-TD192", op=op, requirement=f"src shape dimension {i} must be positive, got {s}"
            )
        if not given and d != s and (isinstance(d, str) or isinstance(s, str)):
            raise DeduceError(
                "PTO-TD192",
                op=op,
                requirement=f"full-slice dst and src must have the same shape; dimension {i} differs (dynamic dims "
                "must match structurally)",
            )
        if not given and isinstance(d, int) and isinstance(s, int) and d != s:
            raise DeduceError(
                "PTO-TD192",
                op=op,
                requirement=f"dst and src must have the same static shape; dimension {i} differs (dst={d}, "
                f"src={s})",
            )
    atomic = kwargs.get("atomic")
    number = (
        _ATOMIC.get(atomic.member)
        if isinstance(atomic, EnumValue)
        else atomic
        if isinstance(atomic, int) and not isinstance(atomic, bool)
        else None
    )
    if put and number is not None:
        if number not in (0, 1):
            raise DeduceError(
                "PTO-TD192",
                op=op,
                requirement=f"atomic must be AtomicType.None_ or AtomicType.Add (got int {number})",
            )
        if number == 1 and dst.dtype not in _ATOMIC_ADD_DTYPES:
            raise DeduceError(
                "PTO-TD192",
                op=op,
                requirement="with atomic=AtomicType.Add requires an fp32/bf16/fp16/int32/int16/int8 dtype "
                f"(hardware atomic-add dtypes), but got {dtype_text(dst.dtype)}",
            )
    return True


def _check_tile_transfer(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """pld.tile.put / get (language/distributed/op/tile_ops.py, put.cpp, get.cpp, comm_op_utils.h): the
    wrapper's dst / src kinds and whole region, then the deducer's contract, staging tiles and region."""
    if dsl not in ("pld.tile.put", "pld.tile.get"):
        return
    op, put = dsl[4:], dsl.endswith("put")
    names = ("dst", "peer", "src", "stage", "stage2", *_TRANSFER_REGION)
    dst, peer, src, stage, stage2, *region = (
        kwargs[name] if name in kwargs else args[i] if i < len(args) else None for i, name in enumerate(names)
    )
    if isinstance(stage2, tuple):  # a region tuple in the stage2 slot: the wrapper shifts it back
        stage2, region = None, [stage2, *region[:2]]

    def fail(requirement: str) -> None:
        raise DeduceError("PTO-TD192", op=op, requirement=requirement)

    window = dst if put else src
    if put and (got := _printed_type(dst)) is not None:
        fail(f"expects a DistributedTensor dst (window-bound); got {got}")
    if put and isinstance(src, TileType) and (got := _printed_type(src)) is not None:
        fail(f"expects a Tensor or DistributedTensor src; got {got}")
    if not put and isinstance(dst, TileType) and (got := _printed_type(dst)) is not None:
        fail(f"expects a Tensor or DistributedTensor dst; got {got}")
    if not put and (got := _printed_type(src)) is not None and isinstance(src, TensorType):
        fail(f"expects a DistributedTensor src (window-bound); got {got}")
    if not (isinstance(dst, TensorType) and isinstance(src, TensorType) and dst.ranked and src.ranked):
        return
    if not (isinstance(window, TensorType) and window.distributed):
        return
    given = [item for item in region if item is not None]
    if given and len(given) < 3:
        fail("dst_offsets, src_offsets, and shape must be provided together")
    if not _transfer_contract(op, put, dst, peer, src, kwargs, bool(given)):
        return
    shapes = []
    for role, tile in (("stage", stage), ("stage2", stage2)):
        if tile is None and role == "stage2":
            break
        if isinstance(tile, TensorType | ScalarType):
            fail(f"{role} must be a TileType, got {_type_name(tile)}")
        if not isinstance(tile, TileType) or not known(tile.dtype):
            return
        if tile.dtype != dst.dtype:
            fail(
                f"{role} dtype must match dst dtype, got stage={dtype_text(tile.dtype)} dst={dtype_text(dst.dtype)}"
            )
        if tile.rank != 2:
            fail(f"{role} must be a 2D VEC staging tile, got rank {tile.rank}")
        shapes.append(tile.shape)
    if (
        len(shapes) == 2
        and all(isinstance(d, int) for d in (*shapes[0], *shapes[1]))
        and shapes[0] != shapes[1]
    ):
        fail("ping/pong staging tiles must have identical shape")
    if given:
        _check_transfer_region(op, list(region), dst, src)


def _check_transfer_region(op: str, region: list[ArgValue], dst: TensorType, src: TensorType) -> None:
    """ValidateRegionArgs: offsets and shape of the tensors' rank, positive static extents, non-negative
    offsets, and a subregion inside each window where both are static."""
    dst_offsets, src_offsets, shape = region
    if not all(isinstance(item, tuple) for item in region):
        return
    assert isinstance(dst_offsets, tuple) and isinstance(src_offsets, tuple) and isinstance(shape, tuple)
    for items, rank, sentence in (
        (dst_offsets, dst.rank, "dst_offsets rank must match dst rank"),
        (src_offsets, src.rank, "src_offsets rank must match src rank"),
        (shape, dst.rank, "shape rank must match tensor rank"),
    ):
        if len(items) != rank:
            raise DeduceError("PTO-TD192", op=op, requirement=sentence)
    for i, extent in enumerate(shape):
        static = isinstance(extent, int) and not isinstance(extent, bool)
        if static and extent <= 0:
            raise DeduceError(
                "PTO-TD192", op=op, requirement=f"shape dimension {i} must be positive, got {extent}"
            )
        for role, offsets, window in (("dst", dst_offsets, dst), ("src", src_offsets, src)):
            offset, dim = offsets[i], window.shape[i]
            if not isinstance(offset, int) or isinstance(offset, bool):
                continue
            if offset < 0:
                raise DeduceError(
                    "PTO-TD192",
                    op=op,
                    requirement=f"{role}_offsets dimension {i} must be non-negative, got {offset}",
                )
            if static and isinstance(dim, int) and offset + extent > dim:  # type: ignore[operator]
                raise DeduceError(
                    "PTO-TD192",
                    op=op,
                    requirement=f"{role} subregion dimension {i} exceeds {role} shape (offset={offset}, "
                    f"shape={extent}, {role}_dim={dim})",
                )


def _window_operand(dsl: str, role: str, value: ArgValue) -> bool:
    """True when `value` is a window-bound tensor; another tensor, tile or scalar is the deducer's error, unless
    the wrapper checks that operand first (PTO-TD145 in its own words, above); False when the model cannot
    tell."""
    if isinstance(value, TensorType) and value.distributed:
        return True
    wrapped = any(name == role for name, _ in _DISTRIBUTED_OPERANDS.get(dsl, ()))
    got = _type_name(value)
    if got is None or (wrapped and isinstance(value, TensorType | TileType)):
        return False
    raise DeduceError(
        "PTO-TD145", op=dsl[4:], requirement=f"{role} must be a DistributedTensor (window-bound), got {got}"
    )


# DeduceTensorAllGatherType / DeduceTensorAllToAllType / DeduceTensorAllToAllVType: the operand roles, and how
# their messages name the input's and the target's 2-D forms.
_EXCHANGES: dict[str, tuple[tuple[str, ...], str, str]] = {
    "pld.tensor.allgather": (
        ("local_data", "target", "signal"), "[1, SIZE] (this rank's single chunk)", "[NR, SIZE]"
    ),
    "pld.tensor.all_to_all": (("input", "target", "signal"), "[NR, SIZE]", "[NR, SIZE]"),
    "pld.tensor.all_to_all_v": (
        ("input", "target", "signal", "send_counts", "recv_counts"), "[NR*MAX_RECV, SIZE]", "[NR*MAX_RECV, SIZE]"
    ),
}  # fmt: skip


def _exchange_operands(dsl: str, src: ArgValue, target: ArgValue) -> str | None:
    """The input and target checks of an exchange collective, in its deducer's order: the failed one's
    requirement, "" when all hold, None when an operand is not known well enough to tell."""
    _, input_form, target_form = _EXCHANGES[dsl]
    if not isinstance(src, TensorType) or not src.ranked:
        got = None if isinstance(src, TensorType) else _type_name(src)
        return f"input must be a Tensor or DistributedTensor, got {got}" if got else None
    if src.rank != 2:
        return f"input must be 2D {input_form}, got {src.rank} dims"
    gather = dsl == "pld.tensor.allgather"
    if gather and isinstance(src.shape[0], int) and src.shape[0] != 1:
        return f"input must be [1, SIZE] (this rank's single chunk), got first dim {src.shape[0]}"
    if not (isinstance(target, TensorType) and target.distributed and target.ranked):
        got = _type_name(target)
        return f"target must be a DistributedTensor (window-bound), got {got}" if got else None
    if target.rank != 2:
        return f"target must be 2D {target_form}, got {target.rank} dims"
    (s0, s1), (t0, t1) = src.shape, target.shape
    if not (known(src.dtype) and known(target.dtype) and isinstance(s1, int) and isinstance(t1, int)):
        return None  # an unknown dtype or a symbolic SIZE (compared structurally upstream): not modelled
    dtypes = f"target dtype {dtype_text(target.dtype)} must match input dtype {dtype_text(src.dtype)}"
    size = (
        "target shape must equal input shape"
        if dsl == "pld.tensor.all_to_all"
        else ("target SIZE must equal input SIZE")
    )
    first = f"target first dimension ({t0}) must equal input first dimension ({s0})"
    nr_differs = not gather and isinstance(s0, int) and isinstance(t0, int) and s0 != t0
    order = (
        ((src.dtype != target.dtype, dtypes), (s1 != t1, size))
        if gather
        else ((nr_differs, first), (s1 != t1, size), (src.dtype != target.dtype, dtypes))
    )
    return next((message for failed, message in order if failed), "")


def _exchange_signal(dsl: str, src: TensorType, target: TensorType, signal: ArgValue) -> str | None:
    """The signal checks of an exchange collective, and the NR extents that must agree when static."""
    if not (isinstance(signal, TensorType) and signal.distributed and signal.ranked):
        got = _type_name(signal)
        return f"signal must be a DistributedTensor (window-bound), got {got}" if got else None
    if not known(signal.dtype):
        return None
    if signal.dtype != "INT32":
        return f"signal must have INT32 element type, got dtype {dtype_text(signal.dtype)}"
    variable = dsl == "pld.tensor.all_to_all_v"
    if signal.rank not in ((2,) if variable else (1, 2)):
        form = "2D [NR, 1]" if variable else "1D [NR] or 2D [NR, 1]"
        return f"signal must be {form}, got {signal.rank} dims"
    if signal.rank == 2 and signal.shape[1] != 1:
        d1 = signal.shape[1]
        return f"signal second dimension must be 1, got {d1 if isinstance(d1, int) else '<dynamic>'}"
    n, t0, s0 = signal.shape[0], target.shape[0], src.shape[0]
    if variable:
        # MAX_RECV = target[0] / signal[0]: both must be ConstInts (a symbolic extent is a dynamic one).
        if isinstance(t0, str):
            return "target dim 0 (NR*MAX_RECV) must be a compile-time constant"
        if isinstance(n, str):
            return "signal dim 0 (NR) must be a compile-time constant"
        if n <= 0:
            return f"signal dim 0 (NR) must be positive, got {n}"
        return f"signal dim 0 ({n}) must divide target dim 0 ({t0})" if t0 % n else ""
    other, extent = ("target", t0) if dsl == "pld.tensor.allgather" else ("input", s0)
    if isinstance(n, int) and isinstance(extent, int) and n != extent:
        return f"signal first dimension ({n}) must equal {other} first dimension ({extent})"
    return None


def _exchange_counts(nr: Dim, send: ArgValue, recv: ArgValue) -> str | None:
    """all_to_all_v's send_counts (a Tensor or window, INT32, [NR] or [NR, 1]) and recv_counts (an INT32 [NR, 1]
    window) in its deducer's order; None when all hold or an operand is not known well enough to tell."""
    for role, value, forms in (("send_counts", send, (1, 2)), ("recv_counts", recv, (2,))):
        if not isinstance(value, TensorType):
            got = _type_name(value)
            return f"{role} must be a Tensor or DistributedTensor, got {got}" if got else None
        if not (value.ranked and known(value.dtype)):
            return None
        if value.dtype != "INT32":
            return f"{role} must have INT32 element type, got dtype {dtype_text(value.dtype)}"
        if value.rank not in forms:
            form = "1D [NR] or 2D [NR, 1]" if len(forms) == 2 else "2D [NR, 1]"
            return f"{role} must be {form}, got {value.rank} dims"
        if value.rank == 2 and value.shape[1] != 1:
            d1 = value.shape[1]
            return f"{role} second dimension must be 1, got {d1 if isinstance(d1, int) else '<dynamic>'}"
        d0 = value.shape[0]
        if isinstance(d0, str):
            return f"{role} dim 0 (NR) must be a compile-time constant"
        if not isinstance(nr, int):
            return None
        if d0 != nr:
            return f"{role} dim 0 ({d0}) must equal signal dim 0 (NR = {nr})"
    return None


def _check_exchange_deducer(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """allgather / all_to_all / all_to_all_v (distributed/collective.cpp): operand kinds, ranks and dtypes, and
    the NR extents that must agree when static."""
    if dsl not in _EXCHANGES:
        return
    roles = _EXCHANGES[dsl][0]
    operands = [kwargs.get(role, args[i] if i < len(args) else None) for i, role in enumerate(roles)]
    if any(v is None for v in operands):
        return
    src, target, signal = operands[:3]
    requirement = _exchange_operands(dsl, src, target)
    if requirement == "" and isinstance(src, TensorType) and isinstance(target, TensorType):
        requirement = _exchange_signal(dsl, src, target, signal)
    if requirement == "" and isinstance(signal, TensorType):
        requirement = _exchange_counts(signal.shape[0], operands[3], operands[4])
    if requirement:
        raise DeduceError("PTO-TD145", op=dsl[4:], requirement=requirement)


# The explicit wrappers that call ``.unwrap()`` on operands before anything else can fail, with those operands
# (parameter, position) in the order Python evaluates the calls (python/pypto/language/op/{tile,tensor}_ops.py).
_UNWRAPPED_GROUPS: tuple[tuple[tuple[tuple[str, int], ...], str], ...] = (
    (
        (("input", 0),),
        (
            "tensor.abs tensor.cast tensor.col_argmax tensor.col_argmin tensor.col_max tensor.col_min "
            "tensor.col_prod tensor.col_sum tensor.cos tensor.exp tensor.log tensor.neg tensor.not_ "
            "tensor.recip tensor.row_argmax tensor.row_argmin tensor.row_max tensor.row_min "
            "tensor.row_prod tensor.row_sum tensor.rsqrt tensor.sin tensor.sqrt"
        ),
    ),
    (
        (("lhs", 0),),
        (
            "tensor.add tensor.adds tensor.and_ tensor.ands tensor.cmp tensor.div tensor.divs "
            "tensor.fmod tensor.fmods tensor.maximum tensor.minimum tensor.mul tensor.muls tensor.or_ "
            "tensor.ors tensor.shl tensor.shls tensor.shr tensor.shrs tensor.sub tensor.subs tensor.xor "
            "tensor.xors tile.add tile.adds tile.ands tile.cmps tile.div tile.divs tile.fmods "
            "tile.maximums tile.minimums tile.mul tile.muls tile.ors tile.shls tile.shrs tile.sub "
            "tile.subs"
        ),
    ),
    (
        (("src", 0),),
        ("tile.gather_mask"),
    ),
    (
        (("tensor", 0),),
        ("tensor.dim tensor.read tensor.write tensor.slice"),
    ),
    (
        (("input", 0),),
        ("tensor.gather tensor.scatter tensor.scatter_update"),
    ),
    (
        (("data", 0),),
        ("tensor.reinterpret_view"),
    ),
    (
        (("src0", 0),),
        ("tensor.mrgsort"),
    ),
    (
        (("target", 0),),
        ("tensor.expands tile.expands"),
    ),
    (
        (("tensor", 0),),
        (
            "tensor.fillpad tensor.fillpad_expand tensor.reshape tensor.set_validshape tensor.transpose "
            "tensor.view"
        ),
    ),
    (
        (("tile", 0),),
        (
            "tile.abs tile.cast tile.col_max tile.col_min tile.col_prod tile.col_sum tile.cos tile.exp "
            "tile.fillpad tile.fillpad_expand tile.fillpad_inplace tile.log tile.lrelu tile.move "
            "tile.neg tile.not_ tile.recip tile.relu tile.reshape tile.rsqrt tile.set_validshape "
            "tile.sin tile.sqrt tile.transpose tile.transpose_view"
        ),
    ),
    (
        (("acc", 0), ("src", 1)),
        ("tensor.gather_row"),
    ),
    (
        (("dst", 0), ("src", 1)),
        ("tile.scatter_mask"),
    ),
    (
        (("lhs", 0), ("rhs", 1)),
        (
            "tensor.matmul tensor.part_add tensor.part_max tensor.part_min tensor.part_mul tile.and_ "
            "tile.batch_matmul tile.cmp tile.fmod tile.gemv tile.matmul tile.maximum tile.minimum "
            "tile.or_ tile.shl tile.shr"
        ),
    ),
    (
        (("lhs", 0), ("rhs2", 2)),
        ("tile.addsc tile.subsc"),
    ),
    (
        (("lhs", 0), ("tmp", 2)),
        ("tile.rems tile.xors"),
    ),
    (
        (("mem", 0), ("idx", 1)),
        ("tile.mgather"),
    ),
    (
        (("src", 0), ("idx", 1)),
        ("tensor.sort32 tile.sort32"),
    ),
    (
        (("src", 0), ("offset", 1)),
        ("tile.gatherb"),
    ),
    (
        (("src", 0), ("target", 1)),
        ("tensor.expand_clone"),
    ),
    (
        (("src", 0), ("tmp", 2)),
        ("tile.gather_compare"),
    ),
    (
        (("src", 1), ("dst", 0)),
        ("tile.gather_row"),
    ),
    (
        (("src0", 0), ("src1", 1)),
        ("tensor.concat tile.concat tile.part_add tile.part_max tile.part_min tile.part_mul"),
    ),
    (
        (("target", 0), ("col_vec", 1)),
        ("tile.col_expand"),
    ),
    (
        (("target", 0), ("row_vec", 1)),
        ("tensor.row_expand tile.row_expand"),
    ),
    (
        (("target", 0), ("source", 1)),
        ("tensor.assemble tile.assemble"),
    ),
    (
        (("tensor", 0), ("col_vec", 1)),
        (
            "tensor.col_expand tensor.col_expand_add tensor.col_expand_div tensor.col_expand_expdif "
            "tensor.col_expand_max tensor.col_expand_min tensor.col_expand_mul tensor.col_expand_sub"
        ),
    ),
    (
        (("tensor", 0), ("row_vec", 1)),
        (
            "tensor.row_expand_add tensor.row_expand_div tensor.row_expand_expdif tensor.row_expand_max "
            "tensor.row_expand_min tensor.row_expand_mul tensor.row_expand_sub"
        ),
    ),
    (
        (("tile", 0), ("col_vec", 1)),
        (
            "tile.col_expand_add tile.col_expand_div tile.col_expand_expdif tile.col_expand_max "
            "tile.col_expand_min tile.col_expand_mul tile.col_expand_sub"
        ),
    ),
    (
        (("tile", 0), ("row_vec", 1)),
        (
            "tile.row_expand_add tile.row_expand_div tile.row_expand_expdif tile.row_expand_max "
            "tile.row_expand_min tile.row_expand_mul tile.row_expand_sub"
        ),
    ),
    (
        (("tile", 0), ("tmp_tile", 1)),
        (
            "tile.col_argmax tile.col_argmin tile.row_argmax tile.row_argmin tile.row_max tile.row_min "
            "tile.row_prod tile.row_sum"
        ),
    ),
    (
        (("acc", 0), ("lhs", 1), ("rhs", 2)),
        ("tile.batch_matmul_acc tile.gemv_acc tile.matmul_acc"),
    ),
    (
        (("dst", 0), ("src", 1), ("indexes", 2)),
        ("tile.scatter"),
    ),
    (
        (("lhs", 0), ("rhs", 1), ("bias", 2)),
        ("tile.gemv_bias tile.matmul_bias"),
    ),
    (
        (("lhs", 0), ("rhs", 1), ("rhs2", 2)),
        ("tile.addc tile.subc"),
    ),
    (
        (("lhs", 0), ("rhs", 1), ("tmp", 2)),
        ("tile.rem tile.xor"),
    ),
    (
        (("mask", 0), ("src", 1), ("tmp", 2)),
        ("tile.sels"),
    ),
    (
        (("rhs", 2), ("acc", 0), ("lhs", 1)),
        ("tensor.matmul_acc"),
    ),
    (
        (("src", 0), ("block_table", 2), ("indices", 1)),
        ("tensor.paged_gather"),
    ),
    (
        (("src", 0), ("idx", 1), ("output_tensor", 2)),
        ("tile.mscatter"),
    ),
    (
        (("src", 0), ("indices", 1), ("tmp", 2)),
        ("tile.gather"),
    ),
    (
        (("tile", 0), ("slope", 1), ("tmp", 2)),
        ("tile.prelu"),
    ),
    (
        (("lhs", 0), ("lhs_scale", 1), ("rhs", 2), ("rhs_scale", 3)),
        ("tile.matmul_mx"),
    ),
    (
        (("mask", 0), ("lhs", 1), ("rhs", 2), ("tmp", 3)),
        ("tile.sel"),
    ),
    (
        (("acc", 0), ("lhs", 1), ("lhs_scale", 2), ("rhs", 3), ("rhs_scale", 4)),
        ("tile.matmul_mx_acc"),
    ),
    (
        (("lhs", 0), ("lhs_scale", 1), ("rhs", 2), ("rhs_scale", 3), ("bias", 4)),
        ("tile.matmul_mx_bias"),
    ),
)
_UNWRAPPED: dict[str, tuple[tuple[str, int], ...]] = {
    f"pl.{op}": operands for operands, ops in _UNWRAPPED_GROUPS for op in ops.split()
}


# The pld ops whose deducer checks an offsets tuple against the window's rank: target, peer and offsets
# positions, and the tuples it checks before (remote_load's shape) (remote_load.cpp, remote_store.cpp,
# system.cpp).
_PADDED_LOAD = "pld.tile._remote_load_with_physical_tail_padding"
_REMOTE_OFFSETS: dict[str, tuple[int, int, int]] = {
    "pld.tile.remote_load": (0, 1, 2),
    _PADDED_LOAD: (0, 1, 2),
}
_REMOTE_NAMES = ("target", "peer", "offsets")


_TENSOR_PUSH_HINT = (
    ". In a tile-level kernel (@pl.jit.incore / @pl.program) call pld.tile.remote_store instead "
    "(pld.remote_store dispatches between the two); to push one window buffer into another, use pld.tensor.put."
)
_TILE_PUSH_HINT = (
    ". In a tensor-level kernel (@pl.jit) call pld.tensor.remote_store instead (pld.remote_store dispatches "
    "between the two)."
)


def _check_remote_store(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """pld.tensor / pld.tile.remote_store (language/distributed/op/*_ops.py, distributed/remote_store.cpp,
    comm_op_utils.h): the wrapper's target and src kinds, then the deducer's source kind, peer, offsets rank,
    dtype, 2-D push extent, target rank and the push's bounds in the peer's window, in that order. Stops at the
    first operand the model cannot see."""
    if dsl not in ("pld.tensor.remote_store", "pld.tile.remote_store"):
        return
    op, tensor_form = dsl[4:], dsl == "pld.tensor.remote_store"
    src_name = "src" if tensor_form else "src_tile"
    src, target, peer, offsets = (
        kwargs[name] if name in kwargs else args[i] if i < len(args) else None
        for i, name in enumerate((src_name, "target", "peer", "offsets"))
    )

    def fail(requirement: str) -> None:
        raise DeduceError("PTO-TD145", op=op, requirement=requirement)

    if tensor_form and (got := _printed_type(target)) is not None:
        fail(f"expects a DistributedTensor target (window-bound); got {got}")
    if not (isinstance(target, TensorType) and target.distributed and target.ranked):
        return
    if tensor_form and isinstance(src, TileType) and (got := _printed_type(src)) is not None:
        fail(
            f"expects a Tensor src (a tensor-level value); got {got}. In a tile-level kernel use "
            "pld.tile.remote_store; to push one window buffer into another use pld.tensor.put."
        )
    if tensor_form and isinstance(src, TensorType) and src.distributed:
        fail(f"src must be a Tensor (tensor-level value), got DistributedTensorType{_TENSOR_PUSH_HINT}")
    if not tensor_form and isinstance(src, TensorType | ScalarType):
        fail(f"src_tile must be a TileType, got {_type_name(src)}{_TILE_PUSH_HINT}")
    if not isinstance(src, TensorType | TileType) or (isinstance(src, TensorType) and not src.ranked):
        return
    peer_kind = _type_name(peer)
    if peer_kind is not None and peer_kind != "ScalarType":
        fail(f"peer must be a scalar (rank index), got {peer_kind}")
    if not (isinstance(peer, ScalarType) or (isinstance(peer, int) and not isinstance(peer, bool))):
        return
    if not isinstance(offsets, tuple):
        return
    if len(offsets) != target.rank:
        fail(f"offsets rank ({len(offsets)}) must match target tensor rank ({target.rank})")
    if not (known(src.dtype) and known(target.dtype)):
        return
    if src.dtype != target.dtype:
        fail(f"src dtype ({dtype_text(src.dtype)}) must match target dtype ({dtype_text(target.dtype)})")
    extent = src.valid if isinstance(src, TileType) and src.valid is not None else src.shape
    if len(extent) < 2:
        fail(f"src must be at least 2-D (it is pushed as a 2-D region), got rank {len(extent)}")
    for i, dim in enumerate(extent[:-2]):
        if isinstance(dim, int) and dim != 1:
            fail(
                f"src leading dimension {i} must be 1 (only the inner two dims are pushed, and larger leading "
                f"dims fold into the row extent and overrun the target), got {dim}"
            )
    if target.rank < 2:
        fail(f"target rank must be >= 2 to hold a 2-D push, got {target.rank}")
    push = extent[-2:]
    for i, (offset, bound) in enumerate(zip(offsets, target.shape, strict=True)):
        if not isinstance(offset, int) or isinstance(offset, bool):
            continue  # a runtime offset: bounded at run time
        if offset < 0:
            fail(f"offsets dimension {i} must be non-negative, got {offset}")
        reach = push[i + 2 - target.rank] if i + 2 >= target.rank else 1
        if isinstance(bound, int) and isinstance(reach, int) and offset + reach > bound:
            fail(
                f"push exceeds the peer's target region in dimension {i} (offset={offset}, extent={reach}, "
                f"target_dim={bound})"
            )


def _check_remote_offsets(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """DeduceRemoteLoadType (distributed/remote_load.cpp) once the wrapper's window check passed, in its order: a
    scalar peer, each valid_shape extent an integer that is not negative, then offsets, shape and valid_shape of
    the window's rank, and a window of at least one dimension."""
    positions = _REMOTE_OFFSETS.get(dsl)
    if positions is None:
        return
    target, peer, offsets = (
        kwargs[name] if name in kwargs else args[i] if i < len(args) else None
        for name, i in zip(_REMOTE_NAMES, positions, strict=True)
    )

    op = "tile.remote_load" if dsl == _PADDED_LOAD else dsl[4:]

    def fail(requirement: str) -> None:
        raise DeduceError("PTO-TD145", op=op, requirement=requirement)

    if isinstance(target, TensorType) and target.distributed and target.layout in ("MX_A_ZZ", "MX_B_NN"):
        raise DeduceError(
            "PTO-TD212", op=f"pld.{op}"
        )  # the target's layout, checked first (CHECK_SPAN on it)
    if not (isinstance(target, TensorType) and target.distributed and target.ranked):
        return
    peer_kind = _type_name(peer)
    if peer_kind is not None and peer_kind != "ScalarType":
        fail(f"peer must be a scalar (rank index), got {peer_kind}")
    if not (isinstance(peer, ScalarType) or (isinstance(peer, int) and not isinstance(peer, bool))):
        return
    shape = kwargs.get("shape", args[3] if len(args) > 3 else None)
    valid = kwargs.get("valid_shape", args[4] if len(args) > 4 else None)
    if not (isinstance(offsets, tuple) and isinstance(shape, tuple)) or not isinstance(valid, tuple | None):
        return
    for i, extent in enumerate(valid or ()):
        if isinstance(extent, float):
            fail(f"valid_shape {i} must be an integer scalar, but got ScalarType")
        if isinstance(extent, int) and not isinstance(extent, bool) and extent < 0:
            fail(f"valid_shape {i} is provably negative; a valid region cannot have a negative extent")
    rank = target.rank
    for items, what in ((offsets, "offsets"), (shape, "shape"), (valid, "valid_shape")):
        if items is not None and len(items) != rank:
            fail(f"{what} rank ({len(items)}) must match target tensor rank ({rank})")
    if rank == 0:
        fail("requires at least one dimension on target")
    if dsl == _PADDED_LOAD:
        # The internal padded form (allow_physical_tail_padding=True): an FP16 window flattened to 2-D only.
        if known(target.dtype) and target.dtype != "FP16":
            fail("allow_physical_tail_padding requires an FP16 target")
        if rank != 2:
            fail("allow_physical_tail_padding requires a flattened rank-2 target")


# pld.system.notify / wait / defer_wait (distributed/system.cpp): dsl -> (signal, scalar operands, offsets).
# (signal, the scalars checked before the offsets, the offsets' position, the scalars checked after them).
_SIGNAL_OPS = {
    "pld.system.notify": (
        ("target", 0),
        (("peer", 1, "a scalar (rank index)"),),
        2,
        (("value", 3, "a scalar"),),
    ),
    "pld.system.wait": (("signal", 0), (), 1, (("expected", 2, "a scalar"),)),
    "pld.system.defer_wait": (("signal", 0), (), 1, (("expected", 2, "an integer or index scalar"),)),
}


def _scalar_dtype(value: ArgValue) -> str | None:
    """The dtype a literal or a scalar reaches a deducer with (a float literal is a ConstFloat of FP32)."""
    if isinstance(value, float):
        return "FP32"
    return value.dtype if isinstance(value, ScalarType) else None


# The enum kwarg each one lowers to an int attribute: (key, its members' ints, the ints the deducer accepts,
# the deducer's requirement).
_WAIT_CMP = {"Eq": 0, "Ge": 1}
_SIGNAL_ENUMS: dict[str, tuple[str, dict[str, int], frozenset[int], str]] = {
    "pld.system.notify": (
        "op",
        {"AtomicAdd": 0, "Set": 1},
        frozenset((0, 1)),
        "op must be NotifyOp.AtomicAdd or NotifyOp.Set",
    ),
    "pld.system.wait": ("cmp", _WAIT_CMP, frozenset((0, 1)), "cmp must be WaitCmp.Eq or WaitCmp.Ge"),
    "pld.system.defer_wait": ("cmp", _WAIT_CMP, frozenset((1,)), "only supports WaitCmp.Ge"),
}


def _check_signal_op(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """DeduceNotifyType / DeduceWaitType / DeduceDeferWaitType, in their order: a window-bound signal (INT32 of
    rank >= 1 for defer_wait), offsets of its rank (integers for defer_wait), scalar operands (a constant
    expected in the INT32 range for defer_wait), and the op / cmp value. Stops at the first unsure operand."""
    shape = _SIGNAL_OPS.get(dsl)
    if shape is None:
        return
    (signal_name, signal_at), before, offsets_at, after = shape
    op = dsl[4:]

    def arg(name: str, index: int) -> ArgValue:
        return kwargs[name] if name in kwargs else args[index] if index < len(args) else None

    signal = arg(signal_name, signal_at)
    got = _type_name(signal)
    if got is None:
        return
    if got != "DistributedTensorType":
        raise DeduceError(
            "PTO-TD145",
            op=op,
            requirement=f"{signal_name} must be a DistributedTensor (window-bound), got {got}",
        )
    assert isinstance(signal, TensorType)
    defer = dsl.endswith("defer_wait")
    if defer and known(signal.dtype) and signal.dtype != "INT32":
        raise DeduceError(
            "PTO-TD191", op=op, requirement=f"signal dtype must be INT32, got {dtype_text(signal.dtype)}"
        )
    if defer and signal.ranked and signal.rank == 0:
        raise DeduceError("PTO-TD191", op=op, requirement="signal rank must be at least 1, got 0")
    for name, index, want in before:
        _check_signal_scalar(op, arg(name, index), name, want, defer=False)
    offsets = arg("offsets", offsets_at)
    if not isinstance(offsets, tuple) or not signal.ranked:
        return
    if len(offsets) != signal.rank:
        raise DeduceError(
            "PTO-TD145",
            op=op,
            requirement=f"offsets rank ({len(offsets)}) must match target tensor rank ({signal.rank})",
        )
    if defer:
        for i, item in enumerate(offsets):
            dtype = _scalar_dtype(item)
            if dtype is not None and known(dtype) and (is_float(dtype) or dtype == "BOOL"):
                raise DeduceError(
                    "PTO-TD191",
                    op=op,
                    requirement=f"offset {i} must be an integer or index scalar, got {dtype_text(dtype)}",
                )
    for name, index, want in after:
        if not _check_signal_scalar(op, arg(name, index), name, want, defer=defer):
            return
    _check_signal_enum(dsl, kwargs)


def _check_signal_scalar(op: str, value: ArgValue, name: str, want: str, *, defer: bool) -> bool:
    """One scalar operand of a signal op; False when the model cannot tell."""
    got = _type_name(value)
    if got is not None and got != "ScalarType":
        raise DeduceError("PTO-TD145", op=op, requirement=f"{name} must be {want}, got {got}")
    if not defer:
        return got is not None or isinstance(value, int | float)
    dtype = _scalar_dtype(value)
    if dtype is not None and known(dtype) and (is_float(dtype) or dtype == "BOOL"):
        raise DeduceError("PTO-TD191", op=op, requirement=f"{name} must be {want}, got {dtype_text(dtype)}")
    if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= _INT32_MAX:
        raise DeduceError(
            "PTO-TD191", op=op, requirement=f"constant expected must be in [0, INT32_MAX], got {value}"
        )
    return isinstance(value, int | ScalarType)


def _check_signal_enum(dsl: str, kwargs: Mapping[str, ArgValue]) -> None:
    """The op / cmp kwarg: an enum member or an int, which the builder passes on as an int."""
    key, members, accepted, requirement = _SIGNAL_ENUMS[dsl]
    value = kwargs.get(key)
    if isinstance(value, EnumValue) and value.member in members:
        number = members[value.member]
    elif isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        return
    if number not in accepted:
        raise DeduceError("PTO-TD191", op=dsl[4:], requirement=f"{requirement} (got int {number})")


_INT32_MAX = (1 << 31) - 1


def _check_sync_wrappers(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """The sync wrappers' and IR builders' own checks (language/op/system_ops.py, ir/op/system_ops.py): a
    tensor workspace for set_ffts, an int or expression event id, and syncall's operands by mode."""
    if dsl == "pl.system.set_ffts":
        workspace = kwargs.get("workspace", args[0] if args else None)
        if isinstance(workspace, TileType | ScalarType):
            raise DeduceError("PTO-WR38", got="Tile" if isinstance(workspace, TileType) else "Scalar")
    elif dsl in ("pl.system.sync_set", "pl.system.sync_wait"):
        event = kwargs.get("event_id", args[0] if args else None)
        if isinstance(event, float | bool):  # an int (not a bool) or an Expr
            raise DeduceError("PTO-WR37", op=dsl[3:], got=type(event).__name__)
    elif dsl == "pl.system.syncall":
        mode = kwargs.get("mode")
        workspace, used = kwargs.get("gm_workspace"), kwargs.get("used_cores")
        hard = "mode" not in kwargs or (isinstance(mode, EnumValue) and mode.member == "HARD")
        if hard and (workspace is not None or used is not None):
            raise DeduceError("PTO-WR35")
        if isinstance(mode, EnumValue) and mode.member == "SOFT":
            _check_soft_syncall(workspace, used)


def _check_soft_syncall(workspace: ArgValue, used: ArgValue) -> None:
    """The soft barrier's operands: a GM tensor workspace, and a core count that is an int in the INT32 range
    or an INT32 scalar (a missing one is PTO-TD49)."""
    if isinstance(workspace, TileType | ScalarType):
        kind = "Tile" if isinstance(workspace, TileType) else "Scalar"
        raise DeduceError("PTO-WR36", requirement=f"gm_workspace must be a Tensor, got {kind}")
    if workspace is None or used is None:
        return
    if isinstance(used, float):
        raise DeduceError(
            "PTO-WR36",
            requirement="used_cores must be a non-negative Python int or an INT32 scalar, got float",
        )
    if isinstance(used, int) and not 0 <= used <= _INT32_MAX:
        raise DeduceError(
            "PTO-WR36", requirement=f"used_cores must be in the INT32 range [0, {_INT32_MAX}], got {used}"
        )
    if isinstance(used, ScalarType) and known(used.dtype) and used.dtype != "INT32":
        raise DeduceError(
            "PTO-WR36", requirement=f"used_cores must be an INT32 scalar, got pl.Scalar[pl.{used.dtype}]"
        )


def _type_name(value: ArgValue) -> str | None:
    """Type::TypeName of a value the model types for sure; None otherwise."""
    if isinstance(value, TensorType):
        return "DistributedTensorType" if value.distributed else "TensorType"
    if isinstance(value, TileType):
        return "TileType"
    if isinstance(value, ScalarType):
        return "ScalarType"
    return None


def _check_comm_ctx(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """DeduceGetCommCtxType / DeduceCommCtxScalarType (distributed/get_comm_ctx.cpp): get_comm_ctx takes a
    window-bound tensor, rank / nranks a CommCtx (which the model never types as a tensor, tile or scalar)."""
    name = {
        "pld.system.get_comm_ctx": "dist_tensor",
        "pld.system.rank": "ctx",
        "pld.system.nranks": "ctx",
    }.get(dsl)
    if name is None or len(args) + len(kwargs) != 1:
        return
    value = kwargs.get(name, args[0] if args else None)
    got = _type_name(value)
    if got is None or (got == "DistributedTensorType" and dsl.endswith("get_comm_ctx")):
        return
    want = (
        "a DistributedTensor (window-bound)"
        if dsl.endswith("get_comm_ctx")
        else "a CommCtx (output of pld.system.get_comm_ctx)"
    )
    raise DeduceError("PTO-TD145", op=dsl[4:], requirement=f"expects {want}, got {got}")


def check_unwrapped(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """A literal where an explicit wrapper unwraps a Tensor / Tile: the parser passes it as a bare ConstInt /
    ConstFloat, which has no ``unwrap`` (an AttributeError, PTO-F16 around PTO-WR11)."""
    for name, index in _UNWRAPPED.get(dsl, ()):
        value = kwargs[name] if name in kwargs else args[index] if index < len(args) else None
        cls = py_class(value)
        if cls in ("ConstInt", "ConstFloat"):
            raise DeduceError("PTO-WR11", cls=cls)
        if cls is None:
            return  # missing or not typed by the model: whatever fails first is not ours to say


def _check_cacheinvalid(args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """pl.system.cacheinvalid's two forms (language/op/system_ops.py, ir/op/system_ops.py): no arguments, or a
    tensor with shapes and offsets of its rank. Only arguments written out count as given."""
    given = {
        name: kwargs[name] if name in kwargs else args[i]
        for i, name in enumerate(("tensor", "shapes", "offsets"))
        if name in kwargs or i < len(args)
    }
    if any(v is None for v in given.values()):
        return  # a literal None, or a value the model cannot see: the form is not sure
    tensor = given.get("tensor")
    if tensor is None:
        if given:
            raise DeduceError(
                "PTO-WR12",
                requirement="whole-GM form takes no shapes/offsets; pass (tensor, shapes, offsets) for the region "
                "form",
            )
        return
    if "shapes" not in given or "offsets" not in given:
        raise DeduceError(
            "PTO-WR12",
            requirement="region form requires both shapes and offsets (or pass no arguments for the whole-GM form)",
        )
    printed = _printed_type(tensor)
    if isinstance(tensor, TileType) and printed is not None:
        raise DeduceError("PTO-WR12", requirement=f"tensor must have TensorType, got {printed}")
    if not (isinstance(tensor, TensorType) and tensor.ranked):
        return
    for name in ("shapes", "offsets"):
        items = given[name]
        if isinstance(items, tuple) and len(items) != tensor.rank:
            raise DeduceError(
                "PTO-WR12", requirement=f"{name} must match tensor rank {tensor.rank}, got {len(items)}"
            )
        if not isinstance(items, tuple):
            return
    for name in ("shapes", "offsets"):
        for item in given[name]:  # type: ignore[union-attr]
            dtype = _scalar_dtype(item)
            if dtype is not None and is_float(dtype):
                raise DeduceError(
                    "PTO-WR12", requirement=f"{name} must be integers, got dtype {dtype_text(dtype)}"
                )


_CMP_MODES = ("eq", "ne", "lt", "le", "gt", "ge")


def _check_cmp_mode(mode: ArgValue) -> None:
    """resolve_gather_compare_cmp_mode: one of the six names, or an int in [0, 5]."""
    if isinstance(mode, str) and mode not in _CMP_MODES:
        raise DeduceError(
            "PTO-WR14", mode=repr(mode), expected=f"expected one of {list(_CMP_MODES)} or int 0-5"
        )
    if isinstance(mode, int) and not isinstance(mode, bool) and not 0 <= mode < len(_CMP_MODES):
        raise DeduceError("PTO-WR14", mode=str(mode), expected=f"int must be in [0, {len(_CMP_MODES) - 1}]")
    if isinstance(mode, bool | float):
        raise DeduceError("PTO-WR14", mode=repr(mode), expected="expected str or int 0-5")


def _check_tensor_gather(args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """pl.tensor.gather's three forms (language/op/tensor_ops.py): index (dim, index), mask (mask_pattern=) and
    compare (kvalue= / cmp_mode= / out_cols=), never mixed, each complete. An argument written as None, or one
    the model does not see, leaves the form unsure."""
    written: dict[str, ArgValue] = {name: kwargs[name] for name in kwargs}
    for i, name in ((1, "dim"), (2, "index")):
        if i < len(args):
            written[name] = args[i]
    if len(args) > 3 or any(v is None for v in written.values()):
        return
    index = "dim" in written or "index" in written
    mask = "mask_pattern" in written
    compare = any(k in written for k in ("kvalue", "cmp_mode", "out_cols"))
    if index + mask + compare > 1:
        raise DeduceError(
            "PTO-WR13",
            sentence="index form (dim, index), mask form (mask_pattern=...) and compare form "
            "(kvalue=..., cmp_mode=..., out_cols=...) are mutually exclusive; do not mix kwargs from different "
            "forms",
        )
    if mask:
        return
    if compare:
        if not all(k in written for k in ("kvalue", "cmp_mode", "out_cols")):
            raise DeduceError(
                "PTO-WR13", sentence="compare form requires kvalue, cmp_mode and out_cols all set"
            )
        if "output_dtype" in written:
            raise DeduceError("PTO-WR13b")
        if isinstance(args[0] if args else kwargs.get("input"), TensorType) and _scalar(written["kvalue"]):
            _check_cmp_mode(written["cmp_mode"])
        return
    if "output_dtype" in written:
        raise DeduceError("PTO-WR13b")
    if not index:
        raise DeduceError(
            "PTO-WR13",
            sentence="requires (dim, index) for index form, mask_pattern=<int> for mask form, or "
            "(kvalue=..., cmp_mode=..., out_cols=...) for compare form",
        )
    if "dim" not in written or "index" not in written:
        raise DeduceError("PTO-WR13", sentence="index form requires both dim and index")


_PAD_HINT = "Use pl.PadValue.zero / pl.PadValue.max / pl.PadValue.min, or one of the literals 0, 0.0, math.inf, -math.inf."


def _check_pad_value(value: ArgValue) -> None:
    """normalize_pad_value (ir/op/_pad_value.py): a PadValue other than null, or 0 / 0.0 / +-math.inf."""
    if isinstance(value, EnumValue) and value.enum == "PadValue" and value.member == "null":
        raise DeduceError(
            "PTO-WR15", sentence=f"cannot be PadValue.null — that means no padding mode. {_PAD_HINT}"
        )
    if isinstance(value, bool):
        raise DeduceError("PTO-WR15", sentence=f"cannot be bool ({value!r}). {_PAD_HINT}")
    if isinstance(value, int) and value != 0:
        raise DeduceError(
            "PTO-WR15",
            sentence=f"only accepts the integer literal 0 (mapped to PadValue.zero); got {value!r}. {_PAD_HINT}",
        )
    if isinstance(value, float) and value != value:
        raise DeduceError("PTO-WR15", sentence=f"cannot be NaN. {_PAD_HINT}")
    if isinstance(value, str):
        raise DeduceError(
            "PTO-WR15",
            sentence=f"must be a PadValue or one of 0 / 0.0 / math.inf / -math.inf; got str {value!r}. {_PAD_HINT}",
        )
    if isinstance(value, float) and value != 0.0 and abs(value) != float("inf"):
        raise DeduceError(
            "PTO-WR15",
            sentence=f"only accepts the float literals 0.0, math.inf, or -math.inf; got {value!r}. {_PAD_HINT}",
        )


def _check_mrgsort(args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """pl.tile.mrgsort's two forms (language/op/tile_ops.py): block_len= alone, or src0, src1 and tmp."""
    names = ("src0", "src1", "src2", "src3", "tmp", "exhausted")
    written: dict[str, ArgValue] = dict(kwargs)
    written.update(zip(names, args, strict=False))
    if len(args) > len(names) or any(v is None for v in written.values()):
        return
    if "block_len" in written:
        if any(k in written for k in ("src1", "src2", "src3", "tmp")):
            raise DeduceError(
                "PTO-WR16",
                sentence="format1 (block_len=...) and format2 (src1, ..., tmp) are mutually exclusive; do not pass "
                "format2 arguments with block_len",
            )
        return
    if "src1" not in written:
        raise DeduceError(
            "PTO-WR16",
            sentence="requires either block_len=<int> for format1, or at least (src0, src1, tmp=<tile>) for format2",
        )
    if "tmp" not in written:
        raise DeduceError(
            "PTO-WR16", sentence="format2 requires tmp; use mrgsort(src0, src1[, src2[, src3]], tmp=<tile>)"
        )
    if "src3" in written and "src2" not in written:
        raise DeduceError("PTO-WR16", sentence="format2 requires src2 when src3 is provided")


def _check_tensor_mrgsort(args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """pl.tensor.mrgsort's forms: the wrapper's (language/op/tensor_ops.py: block_len= alone, without exhausted,
    or src0 and src1), then format2's src3 only with src2 (ir/op/tensor_ops.py mrgsort)."""
    written: dict[str, ArgValue] = dict(kwargs)
    written.update(zip(("src0", "src1", "src2", "src3"), args, strict=False))
    if len(args) > 4 or any(v is None for v in written.values()):
        return
    if "block_len" in written:
        exhausted = written.get("exhausted", False)
        if not isinstance(exhausted, bool | int):
            return  # a flag the model does not see
        if exhausted or any(k in written for k in ("src1", "src2", "src3")):
            raise DeduceError(
                "PTO-WR16",
                sentence="format1 (block_len=...) and format2 (src1, ...) are mutually exclusive; do not pass "
                "format2 arguments or exhausted=True with block_len",
            )
        return
    if "src1" not in written:
        raise DeduceError(
            "PTO-WR16",
            sentence="requires either block_len=<int> for format1, or at least (src0, src1) for format2",
        )
    if "src3" in written and "src2" not in written:
        raise DeduceError("PTO-WR16", sentence="format2 requires src2 when src3 is provided")


def _check_window_buffer(args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """pld.tensor.alloc_window_buffer's ValueErrors (distributed/op/tensor_ops.py): a shape needs dtype=, and is
    non-empty with positive static extents; a byte size takes no dtype=."""
    size = kwargs.get("size", args[0] if args else None)
    dtype = kwargs.get("dtype", args[1] if len(args) > 1 else None)
    if isinstance(size, list | tuple):
        if dtype is None and "dtype" not in kwargs:
            requirement = (
                "requires dtype= when the first argument is a shape (list / tuple of per-rank dimensions)"
            )
            raise DeduceError("PTO-TD145", op="tensor.alloc_window_buffer", requirement=requirement)
        if not size:
            raise DeduceError(
                "PTO-TD145", op="tensor.alloc_window_buffer", requirement="shape must be non-empty"
            )
        for i, d in enumerate(size):
            if isinstance(d, int) and not isinstance(d, bool) and d <= 0:
                raise DeduceError(
                    "PTO-TD145",
                    op="tensor.alloc_window_buffer",
                    requirement=f"shape dimension[{i}] is {d}; all dimensions must be positive",
                )
    elif isinstance(size, int | ScalarType) and not isinstance(size, bool) and dtype is not None:
        raise DeduceError(
            "PTO-TD145",
            op="tensor.alloc_window_buffer",
            requirement="dtype= is only valid when the first argument is a shape (list / tuple), not a scalar "
            "byte size",
        )


def _check_window_handle(buf: ArgValue) -> None:
    """pld.tensor.window's TypeError: its buffer is the Ptr of pld.alloc_window_buffer (an integer literal is
    parsed as an INDEX constant)."""
    is_literal = isinstance(buf, int) and not isinstance(buf, bool)
    got = "pl.Scalar[pl.INDEX]" if is_literal else _printed_type(buf)
    if got is not None:
        raise DeduceError(
            "PTO-TD145",
            op="tensor.window",
            requirement=f"expects a Ptr handle (output of pld.tensor.alloc_window_buffer); got {got}",
        )


# Tensor wrappers that hand a parameter to the IR as a kwarg (attribute), by parameter name and position.
_TENSOR_FLAGS: dict[str, tuple[str, int]] = {
    "pl.tensor.rsqrt": ("high_precision", 1),
    "pl.tensor.div": ("high_precision", 2),
}


_SCATTER_MIXED = (
    "scatter() index form (dim, index, src) and mask form (mask_pattern, dst) are mutually exclusive; do not mix "
    "kwargs from different forms"
)


# The arguments an IR builder turns into a constant itself (ConstInt(value, dtype, span)): by wrapper, the
# (name, position) of each; a Scalar is unwrapped to its expression first, except full's value.
_CONSTANT_ARGS: dict[str, tuple[tuple[str, int], ...]] = {
    "pl.tile.full": (("value", 2),),
    "pl.tensor.full": (("value", 2),),
    "pl.tile.ci": (("start", 0),),
    "pl.tensor.ci": (("start", 0),),
    "pl.tile.tri": (("diagonal", 0),),
    **{
        f"pl.{space}.random": tuple(
            (name, i)
            for i, name in enumerate(("key0", "key1", "counter0", "counter1", "counter2", "counter3"))
        )
        for space in ("tile", "tensor")
    },
    "pl.tile.set_validshape": (("valid_rows", 1), ("valid_cols", 2)),
    "pl.tensor.set_validshape": (("valid_rows", 1), ("valid_cols", 2)),
}
# The DSL class of a value the parser hands a wrapper.
_DSL_CLASSES = {
    TileType: "pypto.language.typing.tile.Tile",
    TensorType: "pypto.language.typing.tensor.Tensor",
    ScalarType: "pypto.language.typing.scalar.Scalar",
}


def _check_constants(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """A tile, tensor (or, for full's value, scalar) where the builder constructs a ConstInt / ConstFloat: the
    constructor's TypeError (PTO-WR24)."""
    full = dsl.endswith(".full")
    for name, index in _CONSTANT_ARGS.get(dsl, ()):
        value = kwargs.get(name, args[index] if index < len(args) else None)
        if isinstance(value, TensorType) and (value.distributed or not value.ranked):
            continue
        got = _DSL_CLASSES.get(type(value)) if isinstance(value, TileType | TensorType | ScalarType) else None
        if got is None or (isinstance(value, ScalarType) and not full):
            continue
        node, ctype = ("ConstFloat", "float") if full else ("ConstInt", "int")
        raise DeduceError("PTO-WR24", ctype=ctype, node=node, got=got)


def _check_builder_forms(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """The argument forms the tensor wrappers and IR builders check before the deducer (WR20 ... WR23)."""
    if dsl in ("pl.tensor.div", "pl.tile.div") and kwargs.get("high_precision") is True and len(args) > 1:
        rhs = args[1]
        if isinstance(rhs, int | float | ScalarType) and not isinstance(rhs, bool):
            space = dsl.split(".")[1]
            raise DeduceError("PTO-WR20", space=space, kind="Tensor" if space == "tensor" else "Tile")
    if dsl == "pl.tensor.view" and len(args) < 2 and "shape" not in kwargs and "layout" not in kwargs:
        raise DeduceError("PTO-WR21")
    if dsl == "pl.tensor.scatter" and args:
        named = {k: kwargs.get(k) for k in ("dim", "index", "src", "mask_pattern", "dst")}
        for position, name in enumerate(("dim", "index", "src"), start=1):
            if position < len(args):
                named[name] = args[position]
        is_index = any(named[k] is not None for k in ("dim", "index", "src"))
        is_mask = named["mask_pattern"] is not None or named["dst"] is not None
        if is_index and is_mask:
            raise DeduceError("PTO-WR22", detail=_SCATTER_MIXED)
        if is_mask and (named["mask_pattern"] is None or named["dst"] is None):
            raise DeduceError("PTO-WR22", detail="scatter() mask form requires both mask_pattern and dst")
        if not is_index and not is_mask:
            raise DeduceError(
                "PTO-WR22",
                detail="scatter() requires (dim, index, src) for index form, or (mask_pattern=<int>, dst=...) for "
                "mask form",
            )
        if is_index and any(named[k] is None for k in ("dim", "index", "src")):
            raise DeduceError("PTO-WR22", detail="scatter() index form requires dim, index and src")
    _check_constants(dsl, args, kwargs)
    slots = {"pl.tensor.transpose": (("axis1", 1), ("axis2", 2)), "pl.tensor.gather": (("dim", 1),)}.get(
        dsl, ()
    )
    for name, index in slots:
        value = kwargs.get(name, args[index] if index < len(args) else None)
        if isinstance(value, float):
            raise DeduceError("PTO-WR23", name=name)
        # The transpose builder takes an int or a ConstInt; a tensor or tile reaches it as the DSL object.
        if dsl == "pl.tensor.transpose" and isinstance(value, TileType | TensorType) and not _unusual(value):
            raise DeduceError("PTO-WR46", name=name, cls=_DSL_CLASSES[type(value)])


def _unusual(value: TensorType | TileType) -> bool:
    """A distributed or unranked tensor: a DSL class the model does not name."""
    return isinstance(value, TensorType) and (value.distributed or not value.ranked)


_MGATHER_CHOICES = (
    ("coalesce", ("row", "elem"), 2, "'row', 'elem', 0, or 1"),
    (
        "gather_oob",
        ("undefined", "clamp", "wrap", "zero"),
        4,
        "'undefined', 'clamp', 'wrap', 'zero', or int 0-3",
    ),
)


def _check_mgather(kwargs: Mapping[str, ArgValue]) -> None:
    """tile.mgather's builder (ir/op/tile_ops.py): target_memory Vec or Mat, then coalesce and gather_oob, each a
    name or an int in range. Only keyword values count: a positional one reaches it as an IR constant."""
    target = kwargs.get("target_memory")
    if isinstance(target, EnumValue) and target.member not in ("Vec", "Mat"):
        raise DeduceError(
            "PTO-WR48",
            name="target_memory",
            expected="MemorySpace.Vec or MemorySpace.Mat",
            got=f"MemorySpace.{target.member}",
        )
    for name, names, count, expected in _MGATHER_CHOICES:
        value = kwargs.get(name)
        if not isinstance(value, str | int | float):
            continue
        if isinstance(value, str) and value in names:
            continue
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count:
            continue
        raise DeduceError("PTO-WR48", name=name, expected=expected, got=repr(value))


# The merge-sort format2 IR builders the parser falls back to (ir/op/tensor_ops.py, tile_ops.py
# mrgsort_format2): the positional count each takes.
_MRGSORT_FORMAT2 = {
    "pl.tensor.mrgsort_format2": (2, 4, "src0, src1[, src2[, src3]]"),
    "pl.tile.mrgsort_format2": (3, 5, "src0, src1[, src2[, src3]], tmp"),
}


def _check_builder_values(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """Value checks the IR builders make on arguments the DSL wrappers pass through (ir/op/tensor_ops.py,
    tile_ops.py): create's init_value, view's valid_shape, mgather's modes, tile.slice's valid_shape rank."""
    if dsl in ("pl.tensor.create", "pl.tensor.create_tensor"):
        value = kwargs.get("init_value")
        if isinstance(value, int) and not isinstance(value, bool) and not -(2**53) <= value <= 2**53:
            raise DeduceError(
                "PTO-WR45",
                sentence=f"integer init_value {value} exceeds the exactly-representable range (+/-2**53); "
                "large-magnitude integer fills are not supported. Use init_value=0 or a smaller value.",
            )
        if isinstance(value, float) and not math.isfinite(value):
            raise DeduceError("PTO-WR45", sentence=f"init_value must be finite, got {value}.")
    if (
        dsl == "pl.tensor.view"
        and len(args) < 2
        and "shape" not in kwargs
        and kwargs.get("layout") is not None
    ):
        valid = kwargs.get("valid_shape", args[2] if len(args) > 2 else None)
        if isinstance(valid, tuple | list):
            raise DeduceError("PTO-WR47")
    if dsl == "pl.tile.mgather":
        _check_mgather(kwargs)
    # _resolve_tpop_type (ir/op/tile_ops.py): the received tile's shape and dtype come together.
    tpop = dsl in ("pl.system.tpop_from_aic", "pl.system.tpop_from_aiv")
    if tpop and (kwargs.get("shape") is None) != (kwargs.get("dtype") is None):
        raise DeduceError("PTO-TD209")
    fallback = _MRGSORT_FORMAT2.get(dsl)
    if fallback is not None and not (fallback[0] <= len(args) <= fallback[1]):
        low, high, roles = fallback
        raise DeduceError("PTO-TD208", count=f"{low}-{high}", roles=roles, n=len(args))
    # The registry's ValidateKwargs: a DataType attribute the builder passes on unchanged takes a DataType or int.
    key = {"pl.tensor.matmul": "out_dtype", "pl.tensor.gather": "output_dtype"}.get(dsl)
    if key is not None and isinstance(kwargs.get(key), str | float):
        ir = "tensor.gather_mask" if dsl == "pl.tensor.gather" else "tensor.matmul"
        if ir == "tensor.matmul" or kwargs.get("mask_pattern") is not None:
            raise DeduceError("PTO-TD207", key=key, op=ir)
    if dsl == "pl.tile.slice":
        shape = kwargs.get("shape", args[1] if len(args) > 1 else None)
        valid = kwargs.get("valid_shape", args[3] if len(args) > 3 else None)
        if (
            isinstance(shape, tuple | list)
            and isinstance(valid, tuple | list)
            and len(valid) not in (0, len(shape))
        ):
            raise DeduceError("PTO-WR49", valid=len(valid), shape=len(shape))


def check_explicit(dsl: str, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """The checks an explicitly namespaced wrapper (``pl.tile.add``) makes before its deducer runs."""
    _check_distributed(dsl, args, kwargs)
    _check_signal_op(dsl, args, kwargs)
    _check_sync_wrappers(dsl, args, kwargs)
    _check_builder_forms(dsl, args, kwargs)
    _check_builder_values(dsl, args, kwargs)
    if dsl == "pld.tensor.alloc_window_buffer":
        _check_window_buffer(args, kwargs)
    if dsl == "pld.tensor.window":
        _check_window_handle(kwargs.get("buf", args[0] if args else None))
    flag_slot = _TENSOR_FLAGS.get(dsl)
    if flag_slot is not None:
        key, index = flag_slot
        value = kwargs.get(key, args[index] if index < len(args) else None)
        if isinstance(value, TensorType | TileType):
            raise DeduceError("PTO-WR18", key=key)  # the IR builder's kwarg conversion takes no expression
    if dsl in ("pl.tensor.scatter_update", "pl.tile.scatter_update") and args:
        given = [kwargs.get(k) is not None for k in ("dim", "index", "src")]
        forms = {(3, (False, False, False)), (2, (True, False, False)), (1, (False, True, True))}
        if len(args) - 1 != 0 and (len(args) - 1, tuple(given)) not in forms:
            raise DeduceError("PTO-WR17")  # the IR builder's *args dispatch (ir/op/tensor_ops.py)
        if len(args) == 1 and not all(given):
            raise DeduceError("PTO-WR50")  # all three by keyword, one of them missing
        if dsl == "pl.tile.scatter_update":
            rest = list(args[1:])
            operands = {
                "index": kwargs.get("index", rest[-2] if len(rest) >= 2 else None),
                "src": kwargs.get("src", rest[-1] if len(rest) >= 2 else None),
            }
            for name, operand in operands.items():
                if isinstance(operand, TensorType):  # the tile wrapper unwraps tiles and scalars only
                    raise DeduceError("PTO-WR19", name=name)
    if dsl == "pl.system.cacheinvalid":
        _check_cacheinvalid(args, kwargs)
    if dsl == "pl.tensor.gather":
        _check_tensor_gather(args, kwargs)
    if dsl == "pl.tile.mrgsort":
        _check_mrgsort(args, kwargs)
    if dsl == "pl.tensor.mrgsort":
        _check_tensor_mrgsort(args, kwargs)
    fillpad = dsl in ("pl.tensor.fillpad", "pl.tile.fillpad", "pl.tile.fillpad_inplace")
    if fillpad and args and isinstance(args[0], TensorType | TileType):
        _check_pad_value(kwargs["pad_value"] if "pad_value" in kwargs else args[1] if len(args) > 1 else None)
    tile_compare = dsl == "pl.tile.gather_compare" and len(args) == 3
    if tile_compare and isinstance(args[0], TileType) and isinstance(args[2], TileType) and _scalar(args[1]):
        _check_cmp_mode(kwargs.get("cmp_mode"))
    module, _, op = dsl.rpartition(".")
    if module == "pl.tensor" and op in _TENSOR_RHS_SCALAR and len(args) > 1:
        lhs, rhs = args[0], args[1]
        # expands hands the builder a tensor operand unchanged too (language/op/tensor_ops.py expands).
        other = op == "expands" and isinstance(rhs, TensorType) and not _unusual(rhs)
        if (
            isinstance(lhs, TensorType)
            and lhs.ranked
            and not lhs.distributed
            and (isinstance(rhs, TileType) or other)
        ):
            if is_float(lhs.dtype):
                raise DeduceError("PTO-WR10", conversion="float", cls=py_class(rhs))
            if lhs.dtype.startswith(("INT", "UINT")):
                raise DeduceError("PTO-WR10b", conversion="int", cls=py_class(rhs))
    if dsl == "pl.tile.sels" and len(args) > 3 and isinstance(args[3], TileType):
        raise DeduceError(
            "PTO-WR10", conversion="float", cls=py_class(args[3])
        )  # its scalar, read by float()
    if module == "pl.tile" and op in _TILE_SCALAR_OPERAND | _TILE_KEPT and len(args) > 1:
        lhs, rhs = args[0], args[1]
        kept = op in _TILE_KEPT and isinstance(rhs, TileType)
        if isinstance(lhs, TileType) and (isinstance(rhs, TensorType) or kept):
            cls = py_class(rhs)
            if op == "lrelu" or is_float(lhs.dtype):
                raise DeduceError("PTO-WR10", conversion="float", cls=cls)
            if lhs.dtype.startswith(("INT", "UINT")):
                raise DeduceError("PTO-WR10b", conversion="int", cls=cls)


__all__ = [
    "NOWHERE",
    "UNKNOWN",
    "Dispatch",
    "check_explicit",
    "check_unwrapped",
    "dispatch_unified",
    "py_class",
]
