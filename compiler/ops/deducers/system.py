"""System, sync and prefetch ops (``sync_ops/*.cpp``, ``prefetch/prefetch_async.cpp``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from compiler.ops.deducers.core import (
    DeduceError,
    dtype_text,
    family,
    known,
    param,
    type_name,
)
from compiler.ops.opdef import OpDef
from compiler.types import UNKNOWN, ArgValue, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import EnumValue


@family("index_scalar")
def _index_scalar(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src, axis = (args[0] if args else None), param(args, kwargs, 1, "axis")
    # DeduceTensorDimType: a negative axis counts from the end; the message prints the given one.
    if (
        op.name == "tensor.dim"
        and isinstance(src, TensorType)
        and src.ranked
        and isinstance(axis, int)
        and not isinstance(axis, bool)
        and not 0 <= (axis + src.rank if axis < 0 else axis) < src.rank
    ):
        raise DeduceError("PTO-TD143", axis=axis, rank=src.rank)
    # tensor.dim and the block / subblock queries return INDEX (tensor_ops/memory.cpp, tile_ops/memory.cpp).
    # A name bound to tensor.dim prints as itself only where the parser does not fold it onto the tensor's extent
    # symbol (_fold_tensor_dim, in Orchestration bodies): "?" keeps the model from spelling it.
    return ScalarType(
        "INDEX", exact=op.namespace in ("tensor", "tile"), name="?" if op.name == "tensor.dim" else ""
    )


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
    event = param(args, kwargs, 0, "event_id")
    if isinstance(event, int) and not isinstance(event, bool) and not 0 <= event <= 13:
        raise DeduceError("PTO-TD51", op=op.name, event=event)
    ffts = kwargs.get("ffts_mode")
    if isinstance(ffts, int) and not isinstance(ffts, bool) and ffts not in (0, 1, 2):
        raise DeduceError("PTO-TD52", op=op.name, ffts=ffts)
    if isinstance(event, ScalarType) and known(event.dtype) and event.dtype != "INDEX":
        raise DeduceError("PTO-TD190", op=op.name)
    pipe = kwargs.get("pipe")
    if isinstance(pipe, int) and not isinstance(pipe, bool) and not 0 <= pipe <= 7:
        # A plain int where pl.PipeType.X goes: the PipeType values are MTE1 (0) .. ALL (7).
        raise DeduceError("PTO-TD157", op=op.name, detail=f"pipe is invalid: {pipe}")
    return UNKNOWN


@family("prefetch")
def _prefetch(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "src")
    if isinstance(src, TileType | ScalarType):
        raise DeduceError("PTO-TD53", op=op.name, type=type_name(src))
    if not isinstance(src, TensorType):
        return UNKNOWN
    if not src.shape:
        raise DeduceError("PTO-TD54", op=op.name)
    for i, dim in enumerate(src.shape[:-1]):
        if isinstance(dim, int) and dim != 1:
            raise DeduceError("PTO-TD55", op=op.name, dim=i, extent=dim)
    _check_handles(op, args, kwargs)
    return UNKNOWN


# The handle operands of the prefetch ops (CheckHandle): op -> (position, role, producer).
_HANDLES = {
    "prefetch.async_prefetch": ((1, "ctx to be a PrefetchAsyncContext", "prefetch.make_context"),),
    "prefetch.session": ((0, "ctx to be a PrefetchAsyncContext", "prefetch.make_context"),),
    "prefetch.wait": (
        (0, "event to be an AsyncEvent", "prefetch.async_prefetch"),
        (1, "session to be an AsyncSession", "prefetch.session"),
    ),
}


def _check_handles(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """A tensor, tile or scalar where a prefetch op takes a handle (the model types no handle, so a value it
    types as one of those is surely not one); only for the positional call CheckArity accepts. An untyped
    operand before it may be a handle, so the scan goes on."""
    handles = _HANDLES.get(op.name, ())
    if kwargs or len(args) != len(op.args):
        return
    for index, role, producer in handles:
        value = args[index]
        if isinstance(value, TensorType | TileType | ScalarType):
            got = (
                "DistributedTensorType"
                if isinstance(value, TensorType) and value.distributed
                else type_name(value)
            )
            raise DeduceError("PTO-TD146", op=op.name, role=role, producer=producer, got=got)


@family("prefetch_handles")
def _prefetch_handles(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """prefetch.session / prefetch.wait: their handle operands; wait yields a BOOL done flag."""
    _check_handles(op, args, kwargs)
    return ScalarType("BOOL") if op.name == "prefetch.wait" else UNKNOWN


@family("set_ffts")
def _set_ffts(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """DeduceSetFFTSType: a 1-D INT64 GM workspace of at least 256 static elements."""
    ws = param(args, kwargs, 0, "workspace")
    if not isinstance(ws, TensorType) or not ws.ranked or not known(ws.dtype):
        return UNKNOWN
    if ws.dtype != "INT64":
        raise DeduceError("PTO-TD144", requirement=f"must have INT64 dtype, got {dtype_text(ws.dtype)}")
    if ws.rank != 1:
        raise DeduceError("PTO-TD144", requirement=f"must be 1-D, got rank {ws.rank}")
    if isinstance(ws.shape[0], int) and ws.shape[0] < 256:
        raise DeduceError("PTO-TD144", requirement="must have a static length of at least 256 INT64 elements")
    return UNKNOWN
