"""Memory and view ops (``tile_ops/memory.cpp``, ``transform.cpp``, ``tensor_ops/memory.cpp``, ``transform.cpp``)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TypeGuard

from compiler.ops.deducers.core import (
    DeduceError,
    dtype_arg,
    dtype_text,
    family,
    is_int,
    kind_of,
    known,
    param,
    require_kind,
    shape_arg,
    static_numel,
    vec,
    with_shape,
)
from compiler.ops.deducers.implicit_layout import require_col_major_target_rank
from compiler.ops.deducers.valid_regions import (
    check_drop_valid,
    check_narrowing_offsets,
    check_valid_rank,
    reshape_valid,
    window_valid,
    write_union,
)
from compiler.ops.deducers.valid_views import check_partial_view
from compiler.ops.deducers.windows import WindowRead, check_drop_dims, check_read, check_write, static_items
from compiler.ops.opdef import OpDef
from compiler.ops.registry import memory_of
from compiler.types import UNKNOWN, ArgValue, ArrayType, Dim, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import DTYPE_BITS, MEMORY_SPACES, DTypeValue, EnumValue

_LOAD_REMEDY = "Pass clamp=True -- pl.load(x, offsets, shapes, clamp=True) -- to narrow the read to the source edge instead"
_SLICE_REMEDY = (
    "Pass clamp=True -- pl.slice(x, shape, offset, clamp=True) -- to narrow the valid region to the source edge "
    "instead"
)
_TILE_SLICE_REMEDY = (
    "An on-chip window has no clamping mechanism, so it must fit: keep offset + shape inside the source tile, or "
    "clamp the read at the tensor boundary with pl.load(..., clamp=True) and slice the resulting tile in bounds"
)
_TILE_ASSEMBLE_REMEDY = (
    "tile.assemble lowers to pto.tinsert, which copies the whole source subview rather than only its valid "
    "region, so the source allocation itself has to fit -- unlike tensor.assemble, which transfers only the "
    "valid extent"
)


@family("load")
def _load(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "tensor")
    target = param(args, kwargs, 4, "target_memory")
    memory = memory_of(target) or "Vec"
    # The IR builder (ir/op/tile_ops.py load) checks an MX-layout source's target (Mat only, the default Vec
    # included), then the memory space and the list lengths, before the deducer.
    if _is_mx(src) and (target is None or memory_of(target) in MEMORY_SPACES) and memory != "Mat":
        raise DeduceError("PTO-TD213", memory=memory)
    if memory_of(target) in MEMORY_SPACES and memory not in ("Vec", "Mat"):
        raise DeduceError("PTO-TD129", memory=memory)
    offsets = static_items(param(args, kwargs, 1, "offsets"))
    shape = shape_arg(param(args, kwargs, 2, "shapes"))
    if offsets == () and shape == ():
        raise DeduceError("PTO-TD153")
    if offsets is not None and shape is not None and len(offsets) != len(shape):
        raise DeduceError("PTO-TD130", offsets=len(offsets), shapes=len(shape))
    if op.namespace == "tile":
        require_kind(op, src, "TensorType or DistributedTensorType", "first argument")
    if not isinstance(src, TensorType) or shape is None:
        return UNKNOWN
    valid = shape_arg(param(args, kwargs, 3, "valid_shape"))
    if _is_mx(src):
        _mx_load(op, src, shape)
    if (
        src.ranked
        and offsets is not None
        and len(shape) == src.rank
        and (valid is None or len(valid) == len(shape))
    ):
        clamp = param(args, kwargs, 5, "clamp")
        check_valid_rank(op.name, src)
        if clamp is False or clamp is None:
            check_read(
                WindowRead(op.name, src.shape, offsets, shape, valid or shape, False, False, _LOAD_REMEDY)
            )
        if src.valid is not None or clamp is True:
            check_narrowing_offsets(op.name, src.shape, src.valid, offsets, clamp is True)
            # The tile is valid only where the source is (InferWindowReadValidShape).
            read = window_valid(src.shape, src.valid, offsets, shape, valid, clamp is True)
            if src.valid is not None or None not in read:
                # A clamped read of a fully valid source is narrowed only where the model can tell how.
                valid = tuple("?" if v is None else v for v in read)
    if valid is not None and (len(valid) != len(shape) or valid == shape):
        valid = None
    # DeduceTileLoadType: a Vec tile whose last extent is 1 is laid out col_major.
    col_major = memory == "Vec" and bool(shape) and shape[-1] == 1
    mx_view = _MX_VIEWS.get(src.layout or "") if memory == "Mat" and src.layout is not None else None
    return TileType(
        shape, src.dtype, memory, valid, blayout="col_major" if col_major else None, mx_view=mx_view
    )


# DeduceTileLoadType's Mat view of each known source layout (TLoadMxCubeCheck: MX_A row-major ZZ, MX_B
# col-major NN, both of fractal 32); any other layout loads as an NZ / ND view of fractal 512, no MX scale view.
_MX_VIEWS = {"MX_A_ZZ": "row/row/32", "MX_B_NN": "col/col/32", "ND": "", "DN": "", "NZ": ""}


_TENSOR_ASSEMBLE_REMEDY = (
    "tensor.assemble transfers only the source's effective valid region, so it is that extent -- not the whole "
    "source allocation -- that has to fit at this offset"
)


def _is_mx(value: ArgValue) -> bool:
    """An MX scale-pack tensor (IsMxTensorLayout): MX_A_ZZ or MX_B_NN."""
    return isinstance(value, TensorType) and value.layout in ("MX_A_ZZ", "MX_B_NN")


def _no_mx(op: OpDef, src: ArgValue) -> None:
    """The view / transform deducers' CHECK_SPAN: an MX-layout source is rejected."""
    if _is_mx(src):
        raise DeduceError("PTO-TD212", op=op.name)


def _mx_load(op: OpDef, src: TensorType, shape: tuple[Dim, ...]) -> None:
    """DeduceTileLoadType's MX branch: a 2D FP8E8M0 / UINT8 source read through a 2D window (its valid_shape
    has the window's rank already, and the IR builder made the target Mat)."""
    if known(src.dtype) and src.dtype not in ("FP8E8M0", "UINT8"):
        _mx(op, f"requires FP8E8M0 or UINT8 dtype, but got {dtype_text(src.dtype)}")
    if src.ranked and src.rank != 2:
        _mx(op, f"requires a 2D tensor, got rank {src.rank}")
    if len(shape) != 2:
        _mx(op, f"requires a 2D load window, got rank {len(shape)}")
    packed = _packed_strides(src.shape, "ND")
    if src.stride is not None and packed is not None and src.stride != packed:
        _mx(op, "only supports packed 2D sources; strided sources are not supported")


def _not_canonical(shape: tuple[Dim, ...], stride: tuple[int, ...], layout: str) -> str | None:
    """tensor_view_semantics::CheckCanonicalView's reason for static strides (None: canonical, or not decided
    here because a dimension is dynamic)."""
    n = len(shape)
    if not all(isinstance(d, int) for d in shape) or n == 0:
        return None
    dims = [int(d) for d in shape]
    if layout == "ND":
        if stride[-1] != 1:
            return "ND layout requires innermost stride to be ConstInt(1)"
        for k in range(n - 2, -1, -1):
            if stride[k] < stride[k + 1] * dims[k + 1]:
                return f"ND stride[{k}] is smaller than packed stride[{k + 1}] * shape[{k + 1}]"
        return None
    if n < 2:
        return "DN layout requires rank >= 2"
    if stride[-2] != 1:
        return "DN layout requires stride[-2] to be ConstInt(1)"
    if stride[-1] < dims[-2]:
        return "DN stride[-1] is smaller than shape[-2]"
    for k in range(n - 3, -1, -1):
        if stride[k] < stride[k + 1] * dims[k + 1]:
            return f"DN stride[{k}] is smaller than packed stride[{k + 1}] * shape[{k + 1}]"
    return None


def _packed_strides(shape: tuple[Dim, ...], layout: str) -> tuple[int, ...] | None:
    """BuildLogicalStridesFromLayout of a static shape (ND and MX row-major, DN column-major in its trailing
    pair); None for a dynamic shape or another layout."""
    if not all(isinstance(d, int) for d in shape) or layout not in ("ND", "DN") or not shape:
        return None
    dims = [int(d) for d in shape]
    out = [1] * len(dims)
    if layout == "ND":
        for i in range(len(dims) - 2, -1, -1):
            out[i] = out[i + 1] * dims[i + 1]
        return tuple(out)
    if len(dims) < 2:
        return None
    out[-1] = dims[-2]
    if len(dims) >= 3:
        out[-3] = dims[-2] * dims[-1]
        for i in range(len(dims) - 4, -1, -1):
            out[i] = out[i + 1] * dims[i + 1]
    return tuple(out)


def _mx(op: OpDef, requirement: str) -> None:
    """A CHECK of tile.load's MX branch (``The operator tile.load of an MX-layout tensor ...``)."""
    raise DeduceError("PTO-TD214", op=op.name, requirement=requirement)


def _transferred(value: TensorType | TileType) -> tuple[Dim, ...]:
    """The extents a valid-region transfer moves: the value's valid_shape, else its whole shape."""
    valid = value.valid
    return tuple(valid) if valid is not None and len(valid) == value.rank else value.shape


@family("store")
def _store(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    # tile.store's own bounds (InferWriteValidShapeUnion) are not checked here: a tile whose rows a boundary op
    # doubled in a faulty region would report this instead of the region's own fault (examples/attention.py).
    # DeduceTileStoreType: what is stored is a tile (a tensor is written with a subscript or tensor.assemble).
    require_kind(op, param(args, kwargs, 0, "tile"), "TileType", "first argument")
    out = param(args, kwargs, 2, "output_tensor")
    if op.namespace == "tile":
        require_kind(op, out, "TensorType or DistributedTensorType", "third argument")
        offsets = static_items(param(args, kwargs, 1, "offsets"))
        shapes = param(args, kwargs, 3, "shapes")
        if isinstance(shapes, tuple | list):
            if not shapes:
                raise DeduceError(
                    "PTO-TD151", op=op.name, requirement="requires non-empty shapes tuple when provided"
                )
            if offsets is not None and len(shapes) != len(offsets):
                raise DeduceError(
                    "PTO-TD151",
                    op=op.name,
                    requirement="requires shapes and offsets to have the same number of dimensions, but got "
                    f"{len(shapes)} shapes and {len(offsets)} offsets",
                )
        tile = param(args, kwargs, 0, "tile")
        if isinstance(tile, TileType):
            _atomic(op, kwargs.get("atomic"), tile.dtype, "tile")
        # The valid-region union (no shapes= partition, one rank throughout); its bounds are not checked here.
        if (
            isinstance(tile, TileType)
            and isinstance(out, TensorType)
            and out.ranked
            and shapes is None
            and offsets is not None
            and tile.rank == out.rank == len(offsets)
        ):
            return _grown(out, write_union(op.name, out.shape, out.valid, _transferred(tile), offsets))
    return out if isinstance(out, TensorType) else UNKNOWN


# AtomicType: kNone = 0, kAdd = 1; the wrappers pass int(atomic).
_ATOMIC_CODES = {"None_": 0, "Add": 1}
# The hardware atomic-add dtypes (tile.store / tensor.assemble with atomic=AtomicType.Add).
_ATOMIC_ADD_DTYPES = ("FP32", "BF16", "FP16", "INT32", "INT16", "INT8")


def _atomic(op: OpDef, value: ArgValue, dtype: str, what: str) -> None:
    """The atomic= combine mode: None_ or Add, and Add only on a hardware atomic-add dtype."""
    if isinstance(value, EnumValue) and value.enum == "AtomicType":
        code = _ATOMIC_CODES.get(value.member)
    elif isinstance(value, int) and not isinstance(value, bool):
        code = value
    else:
        return
    if code is None:
        return
    sentence = ""
    if code not in (0, 1):
        sentence = f"atomic kwarg must be AtomicType.None_ or AtomicType.Add, but got int {code}"
    elif code == 1 and known(dtype) and dtype not in _ATOMIC_ADD_DTYPES:
        sentence = (
            f"with atomic=AtomicType.Add requires an fp32/bf16/fp16/int32/int16/int8 {what} (hardware atomic-add "
            f"dtypes), but got {dtype_text(dtype)}"
        )
    if sentence and op.namespace == "tile":
        _require("PTO-TD151", op, sentence)
    if sentence:
        raise DeduceError("PTO-TD157", op=op.name, detail=sentence)


@family("move")
def _move(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "tile")
    if not isinstance(src, TileType):
        return UNKNOWN
    memory = memory_of(param(args, kwargs, 1, "target_memory")) or "Vec"
    if memory in _SCALE_LAYOUTS:
        _scale_move(op, src, memory, (param(args, kwargs, 2, "blayout"), param(args, kwargs, 3, "slayout")))
    blayout = param(args, kwargs, 2, "blayout")
    if (
        memory == "Vec"
        and src.memory in (None, "Vec")
        and isinstance(blayout, EnumValue)
        and blayout.enum == "TileLayout"
    ):
        # DeduceTileMoveType: an explicit blayout= is the result's (Vec keeps the source's none_box slayout).
        return replace(src.with_memory(memory), blayout=blayout.member)
    return src.with_memory(memory)


# The hardware-fixed (blayout, slayout) of the MX scale spaces: row-major for LeftScale, col-major for RightScale.
_SCALE_LAYOUTS = {"LeftScale": "row_major", "RightScale": "col_major"}


def _scale_move(op: OpDef, src: TileType, memory: str, layouts: tuple[ArgValue, ArgValue]) -> None:
    """DeduceTileMoveType into LeftScale / RightScale: no layout override, then a 2D UINT8 / FP8E8M0 Mat tile
    loaded with the matching MX view (row/row/32 for LeftScale, col/col/32 for RightScale)."""
    fixed = _SCALE_LAYOUTS[memory]
    if any(isinstance(v, EnumValue) and v.enum == "TileLayout" and v.member != fixed for v in layouts):
        _require(
            "PTO-TD151",
            op,
            f"does not allow blayout/slayout to override the hardware-fixed layout for {memory}",
        )
    if src.rank != 2:
        _require("PTO-TD151", op, f"into LeftScale/RightScale requires a 2D tile, got rank {src.rank}")
    if src.memory in MEMORY_SPACES and src.memory != "Mat":
        _require("PTO-TD151", op, "into LeftScale/RightScale requires the input tile to be in Mat memory")
    if known(src.dtype) and src.dtype not in ("UINT8", "FP8E8M0"):
        _require(
            "PTO-TD151",
            op,
            f"into LeftScale/RightScale requires UINT8 or FP8E8M0 dtype, but got {dtype_text(src.dtype)}",
        )
    required = "row/row/32" if memory == "LeftScale" else "col/col/32"
    if src.memory == "Mat" and src.mx_view is not None and src.mx_view != required:
        _require(
            "PTO-TD151",
            op,
            f"into {memory} requires the source Mat tile to use the matching {required} layout",
        )


@family("extract")
def _extract(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "src")
    raw = param(args, kwargs, 3, "shape")
    shape = shape_arg(raw)
    if isinstance(src, TileType) and src.rank != 2:
        raise DeduceError("PTO-TD148", rank=src.rank)
    if not isinstance(src, TileType) or shape is None or not isinstance(raw, tuple | list):
        return UNKNOWN
    # DeduceTileExtractType: the two indices, the shape tuple's elements, its rank, each extent a positive
    # constant, then each axis's window inside the source.
    indices = [param(args, kwargs, 1, "index_row"), param(args, kwargs, 2, "index_col")]
    for name, index in zip(("index_row", "index_col"), indices, strict=True):
        if (
            isinstance(index, ScalarType)
            and index.exact
            and known(index.dtype)
            and index.dtype not in _INDEX_LIKE
        ):
            _check(op, f"{name} must have INT64/UINT64/INDEX dtype, but got {dtype_text(index.dtype)}")
    _index_elements(op, raw, "shape")
    if len(raw) != 2:
        _check(op, f"shape must be 2D, got rank {len(raw)}")
    for i, item in enumerate(raw):
        if _node_kind(item):
            _check(op, f"shape[{i}] must be a compile-time ConstInt")
        if _int(item) and item <= 0:
            _check(op, f"shape[{i}] must be positive, got {item}")
    for axis, name in ((0, "row"), (1, "col")):
        dim, extent, offset = src.shape[axis], raw[axis], indices[axis]
        if not (_int(dim) and _int(extent)):
            continue
        if extent > dim:
            _check(op, f"shape[{axis}]={extent} exceeds src {name} {dim}")
        if not _int(offset):
            continue
        if offset < 0:
            _check(op, f"index_{name} must be >= 0, got {offset}")
        if offset + extent > dim:
            _check(op, f"index_{name}={offset} + shape[{axis}]={extent} exceeds src {name} {dim}")
    # A window of a partially valid source is narrowed to it (not modelled: unknown extents).
    narrowed = ("?",) * len(shape) if src.valid is not None else None
    return TileType(shape, src.dtype, memory_of(kwargs.get("target_memory")) or "Vec", narrowed)


@family("slice")
def _slice(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "input", param(args, kwargs, 0, "tensor"))
    shape = shape_arg(param(args, kwargs, 1, "shape"))
    if not isinstance(src, TensorType | TileType) or shape is None:
        return UNKNOWN
    if isinstance(src, TensorType) and not src.ranked:
        return UNKNOWN
    _no_mx(op, src)
    offsets = static_items(param(args, kwargs, 2, "offset"))
    drops = param(args, kwargs, 4, "drop_dims")
    requested = shape_arg(param(args, kwargs, 3, "valid_shape")) or None
    if isinstance(src, TileType):
        # DeduceTileSliceType: the shape and offset tuples' elements, offset rank against shape rank, each extent
        # a positive constant, then the window read, then drop_dims.
        raw = param(args, kwargs, 1, "shape")
        _index_elements(op, raw, "shape")
        _index_elements(op, param(args, kwargs, 2, "offset"), "offset")
        if offsets is not None and len(offsets) != len(shape):
            _require(
                "PTO-TD117",
                op,
                f"offset and shape to have the same rank, but got offset rank {len(offsets)} and shape rank "
                f"{len(shape)}",
            )
        for i, item in enumerate(raw if isinstance(raw, tuple | list) else ()):
            if _node_kind(item):
                _check(
                    op,
                    f"shape element {i} must be a compile-time constant so InitMemRef can allocate storage",
                )
            if _int(item) and item <= 0:
                _check(op, f"shape element {i} must be positive, got {item}")
        _index_elements(op, param(args, kwargs, 3, "valid_shape"), "valid_shape")
        if offsets is not None:
            check_read(
                WindowRead(op.name, src.shape, offsets, shape, requested, True, False, _TILE_SLICE_REMEDY)
            )
        check_drop_dims(op.name, drops, shape)
        if offsets is not None and len(offsets) == len(shape) == src.rank:
            check_drop_valid(
                op.name, drops, window_valid(src.shape, src.valid, offsets, shape, requested, False)
            )
    else:
        # DeduceTensorSliceType: the shape and offset tuples' elements, drop_dims, then the window read only for
        # a full-rank window.
        _scalar_elements(op, param(args, kwargs, 1, "shape"), "shape tuple")
        _scalar_elements(op, param(args, kwargs, 2, "offset"), "offset tuple")
        check_drop_dims(op.name, drops, shape)
        if isinstance(drops, list | tuple) and shape and len({d for d in drops if _int(d)}) >= len(shape):
            _check(
                op,
                "drop_dims cannot erase every dimension; keep one unit axis or use tensor.read for a scalar result",
            )
        clamp = param(args, kwargs, 6, "clamp")
        if offsets is not None and len(shape) == src.rank and len(offsets) == len(shape):
            check_valid_rank(op.name, src)
        if offsets is not None and len(shape) == src.rank and len(offsets) == len(shape) and not clamp:
            check_read(WindowRead(op.name, src.shape, offsets, shape, requested, False, False, _SLICE_REMEDY))
        if offsets is not None and len(shape) == src.rank and len(offsets) == len(shape):
            full = window_valid(src.shape, src.valid, offsets, shape, requested, clamp is True)
            check_drop_valid(op.name, drops, full)
        elif offsets is not None:
            # InferTensorSliceFullValidShape: a reinterpreting (lower-rank) window keeps the valid_shape it is given.
            if requested is not None and len(requested) != len(shape):
                _require(
                    "PTO-TD117",
                    op,
                    "valid_shape to have the same rank as shape, but got valid_shape rank "
                    f"{len(requested)} and shape rank {len(shape)}",
                )
            check_drop_valid(
                op.name, drops, tuple(d if isinstance(d, int) else None for d in requested or shape)
            )
    valid = requested if requested is not None and len(requested) == len(shape) else None
    if src.valid is not None and offsets is not None and len(offsets) == len(shape) == src.rank:
        # A window over a partially valid source is valid only where the source is (InferWindowReadValidShape).
        read = window_valid(src.shape, src.valid, offsets, shape, valid, False)
        valid = tuple("?" if v is None else v for v in read)
    if isinstance(drops, list | tuple):
        dropped = {d for d in drops if isinstance(d, int) and not isinstance(d, bool)}
        shape = tuple(d for i, d in enumerate(shape) if i not in dropped)
        valid = tuple(d for i, d in enumerate(valid) if i not in dropped) if valid is not None else None
    result = with_shape(src, shape)
    # valid_shape= narrows the window: a subscript write compares the window with it, not with the shape.
    if valid is not None and tuple(valid) != tuple(shape):
        return replace(result, valid=tuple(valid))
    if param(args, kwargs, 6, "clamp") and isinstance(src, TensorType):
        return replace(result, valid=("?",) * len(shape))  # clamped at the source edge: not modelled
    return result


@family("reshape")
def _reshape(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "input", param(args, kwargs, 0, "tensor"))
    shape = shape_arg(param(args, kwargs, 1, "shape"))
    if not isinstance(src, TensorType | TileType) or shape is None:
        return UNKNOWN
    if isinstance(src, TensorType):
        _no_mx(op, src)
        _scalar_elements(op, param(args, kwargs, 1, "shape"), "shape tuple")
    else:
        _index_elements(op, param(args, kwargs, 1, "shape"), "shape")
    old, new = static_numel(src.shape), static_numel(shape)
    # ComputeShapeProduct: only two positive static products are compared (a -1 extent is inferred).
    if old is not None and new is not None and old > 0 and new > 0 and old != new:
        kind = "tensor" if isinstance(src, TensorType) else "tile"
        raise DeduceError("PTO-TD5", op=op.name, kind=kind, old=old, new=new)
    if not shape or not src.shape:
        # ComputeReshapeValidShape runs for every reshape, after the element counts.
        raise DeduceError(
            "PTO-TD158",
            op=op.name,
            detail="reshape validity mapping requires non-empty input and output ranks",
        )
    result = with_shape(src, shape)
    mapped = reshape_valid(
        op.name, src.shape, src.valid, _named(param(args, kwargs, 1, "shape"), shape), _row_major(src)
    )
    if mapped is None or "?" not in mapped:
        return replace(result, valid=None if mapped is None or mapped == shape else mapped)
    valid = _unit_padded_valid(src, shape)
    return replace(result, valid=valid) if valid is not None else result


def _named(raw: ArgValue, shape: tuple[Dim, ...]) -> tuple[Dim, ...]:
    """The shape with each runtime element that is a plain scalar name spelled by that name (as PythonPrint
    writes its Var), "?" for any other."""
    if not isinstance(raw, list | tuple) or len(raw) != len(shape):
        return shape
    return tuple(
        item.name if isinstance(item, ScalarType) and item.name else dim
        for item, dim in zip(raw, shape, strict=True)
    )


def _row_major(src: TensorType | TileType) -> bool | None:
    """The reshape's row_major_contiguous: a Vec tile of row_major blayout (tile.load gives a [.., 1] window
    col_major), a tensor of the ND layout with packed strides; a 2D Mat tile of several rows is col_major
    (tile.load's NZ view). None where the model does not know the layout."""
    if isinstance(src, TileType):
        if src.memory == "Mat" and src.rank == 2 and src.shape[0] != 1:
            return False
        return True if src.memory == "Vec" and bool(src.shape) and src.shape[-1] != 1 else None
    return True if src.layout in (None, "ND") and src.stride is None else None


def _unit_padded_valid(src: TensorType | TileType, shape: tuple[Dim, ...]) -> tuple[Dim, ...] | None:
    """A reshape that only adds or drops leading unit axes keeps the valid region on the remaining ones."""
    if src.valid is None or len(src.valid) != src.rank:
        return None
    lead = next((i for i, d in enumerate(src.shape) if d != 1), src.rank)
    new_lead = next((i for i, d in enumerate(shape) if d != 1), len(shape))
    if tuple(src.shape[lead:]) != tuple(shape[new_lead:]):
        return None
    return (1,) * new_lead + tuple(src.valid[lead:])


@family("transpose")
def _transpose(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "input", param(args, kwargs, 0, "tile"))
    if not isinstance(src, TensorType | TileType) or (isinstance(src, TensorType) and not src.ranked):
        return UNKNOWN
    _no_mx(op, src)
    if src.rank < 2:
        raise DeduceError("PTO-TD135", op=op.name, rank=src.rank)
    tmp = param(args, kwargs, 3, "tmp")
    if isinstance(src, TileType) and isinstance(tmp, TensorType) and tmp.ranked:
        _colon(op, f"fourth argument (tmp) must be TileType, but got {kind_of(tmp)}")
    if isinstance(src, TileType) and isinstance(tmp, TileType):
        # DeduceTileTransposeType: the scratch tile matches the input's dtype and rank.
        if known(src.dtype) and known(tmp.dtype) and src.dtype != tmp.dtype:
            _colon(
                op,
                f"tmp dtype must match input dtype, got input={dtype_text(src.dtype)} tmp={dtype_text(tmp.dtype)}",
            )
        if tmp.rank != src.rank:
            _colon(op, f"tmp rank must match input rank, got input rank={src.rank} tmp rank={tmp.rank}")
    if op.short_name == "transpose_view":
        a1, a2 = src.rank - 2, src.rank - 1
    else:
        x1, x2 = param(args, kwargs, 1, "axis1"), param(args, kwargs, 2, "axis2")
        if not (isinstance(x1, int) and isinstance(x2, int)) or isinstance(x1, bool) or isinstance(x2, bool):
            return UNKNOWN
        kind = "tensor" if isinstance(src, TensorType) else "tile"
        # NormalizeAxis: a negative axis counts from the end; the message prints the shifted value.
        a1, a2 = (x + src.rank if x < 0 else x for x in (x1, x2))
        for axis in (a1, a2):
            if not 0 <= axis < src.rank:
                raise DeduceError("PTO-TD6", axis=axis, rank=src.rank, kind=kind)
        if a1 == a2:
            raise DeduceError("PTO-TD136", op=op.name, axis1=a1, axis2=a2)
    dims = list(src.shape)
    dims[a1], dims[a2] = dims[a2], dims[a1]
    return with_shape(src, tuple(dims))


@family("assemble")
def _assemble(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    target = param(args, kwargs, 0, "target")
    source = param(args, kwargs, 1, "source")
    offsets = static_items(param(args, kwargs, 2, "offset"))
    if isinstance(target, TensorType) and target.ranked:
        # DeduceTensorAssembleType: the source's kind, the offset tuple's elements, then the atomic mode.
        if isinstance(source, TileType):
            _require(
                "PTO-TD117",
                op,
                "second argument to be a TensorType or DistributedTensorType, but got TileType",
            )
        _scalar_elements(op, param(args, kwargs, 2, "offset"), "offset tuple")
        _atomic(op, kwargs.get("atomic"), target.dtype, "target")
    if isinstance(target, TensorType) and isinstance(source, TensorType):
        if (
            target.ranked
            and source.ranked
            and offsets is not None
            and source.rank == target.rank == len(offsets)
        ):
            # tensor.assemble moves only the source's valid region (kValidRegionTransfer).
            check_write(op.name, target.shape, _transferred(source), offsets, _TENSOR_ASSEMBLE_REMEDY)
            union = write_union(
                op.name, target.shape, target.valid, _transferred(source), offsets, source.valid_float_axes
            )
            return _grown(target, union)
        return target
    if not (isinstance(target, TileType) and isinstance(source, TileType)):
        return target if isinstance(target, TensorType | TileType) else UNKNOWN
    _index_elements(op, param(args, kwargs, 2, "offset"), "offset")
    fixpipe = source.dtype == "FP32" and target.dtype in ("BF16", "FP16")
    if known(target.dtype) and known(source.dtype) and target.dtype != source.dtype and not fixpipe:
        _require(
            "PTO-TD117",
            op,
            "target and source to have the same dtype (or an Acc->Mat FIXPIPE downcast to bf16/f16), but got "
            f"{dtype_text(target.dtype)} and {dtype_text(source.dtype)}",
        )
    if offsets is not None and source.rank == target.rank == len(offsets):
        # tile.assemble copies the whole physical source (pto.tinsert): all of it must fit in the target.
        check_write(op.name, target.shape, source.shape, offsets, _TILE_ASSEMBLE_REMEDY)
        return _grown(target, write_union(op.name, target.shape, target.valid, _transferred(source), offsets))
    return target


def _grown(target: TensorType | TileType, valid: tuple[Dim, ...] | None) -> TensorType | TileType:
    """The target of an assemble or store with the valid region the write leaves (None: fully valid)."""
    return replace(target, valid=None if valid is None or valid == target.shape else valid)


@family("view")
def _view(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "tensor")
    if not isinstance(src, TensorType):
        return UNKNOWN
    raw = param(args, kwargs, 1, "shape")
    shape = shape_arg(raw)
    # The requested layout; the source's own layout (a TensorView annotation) is not modelled, so only the
    # checks a requested layout decides alone are made.
    layout = kwargs.get("layout")
    requested = layout.member if isinstance(layout, EnumValue) and layout.enum == "TensorLayout" else None
    # DeduceTensorViewType: the new layout is the requested one, else the source's own.
    target_layout = requested or src.layout
    if _is_mx(src) or target_layout in ("MX_A_ZZ", "MX_B_NN"):
        _check(op, "does not support MX layouts")
    if target_layout == "NZ":
        _colon(op, "NZ layout is not allowed on TensorType (NZ is tile-only)")
    if src.layout == "NZ":
        _colon(op, "src has NZ layout (NZ is tile-only and not allowed on TensorType)")
    if src.stride is not None and src.layout in ("ND", "DN") and len(src.stride) == src.rank:
        reason = _not_canonical(src.shape, src.stride, src.layout)
        if reason is not None:
            _colon(op, f"src view is not canonical for layout {src.layout}: {reason}")
        packed = _packed_strides(src.shape, src.layout)
        if shape is not None and packed is not None and src.stride != packed:
            _colon(op, "shape reinterpret requires a packed source when the source has explicit stride")
    # DeduceTensorViewType: the shape tuple's elements, each static extent positive, then the element count.
    for i, item in enumerate(raw if isinstance(raw, tuple | list) else ()):
        _element_kind(op, item, "shape tuple", i)
        if isinstance(item, ScalarType) and known(item.dtype) and not is_int(item.dtype):
            _check(op, f"shape tuple element {i} must have integer dtype, got {dtype_text(item.dtype)}")
    for i, d in enumerate(shape or ()):
        if isinstance(d, int) and d <= 0:
            _check(op, f"shape dimension {i} must be positive, got {d}")
    if shape is not None and src.ranked:
        old, new = static_numel(src.shape), static_numel(shape)
        if (
            old is not None
            and new is not None
            and all(d > 0 for d in shape if isinstance(d, int))
            and old != new
        ):
            raise DeduceError("PTO-TD123", op=op.name, old=old, new=new)
    if shape is not None and not shape and src.ranked:
        _colon(op, "target shape must have rank >= 1")
    if requested == "DN" and src.ranked:
        # A layout-only flip swaps the trailing pair; a DN target needs that pair (RFC #1300 section 4.2).
        if shape is None and src.rank < 2:
            _colon(op, f"cross-layout reinterpret requires rank >= 2, got {src.rank}")
        if shape is not None and len(shape) == 1:
            _colon(op, "DN layout requires rank >= 2, got 1")
    valid = param(args, kwargs, 2, "valid_shape")
    if shape is not None and isinstance(valid, tuple | list) and valid and len(valid) != len(shape):
        _colon(op, f"valid_shape rank ({len(valid)}) must match target shape rank ({len(shape)})")
    if shape is not None and isinstance(valid, tuple | list) and len(valid) == len(shape):
        for i, (v, d) in enumerate(zip(valid, shape, strict=True)):
            if isinstance(v, ScalarType) and known(v.dtype) and not is_int(v.dtype):
                _check(op, f"valid_shape dimension {i} must have integer dtype")
            if isinstance(v, int) and not isinstance(v, bool) and v <= 0:
                _check(op, f"valid_shape dimension {i} must be positive, got {v}")
            if isinstance(v, int) and not isinstance(v, bool) and isinstance(d, int) and v > d:
                _check(op, f"valid_shape dimension {i} ({v}) exceeds target shape dimension {d}")
    if (
        shape is not None
        and isinstance(valid, tuple | list)
        and valid
        and src.annotated
        and src.valid is None
    ):
        # A parameter whose annotation gives no partial valid_shape has none for the new one to describe.
        raise DeduceError("PTO-TD230")
    check_partial_view(op.name, src, shape, valid, src.layout, target_layout)
    return TensorType(
        shape if shape is not None else src.shape, src.dtype, src.distributed, layout=target_layout
    )


# reinterpret_view_semantics::IsSupportedDType: the byte-addressable dtypes.
_REINTERPRETABLE = frozenset(
    {"INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64", "FP16", "BF16", "FP32"}
)


def _check_reinterpret(
    op: OpDef, src: TensorType | TileType, dtype: str, shape: tuple[Dim, ...] | None
) -> None:
    """reinterpret_view_semantics::Resolve: the dtype must change, and an explicit static shape must hold the
    source's bytes. Whatever the checks before these find, the call is rejected all the same."""
    if src.dtype not in _REINTERPRETABLE or dtype not in _REINTERPRETABLE or not src.shape:
        return
    if src.dtype == dtype:
        raise DeduceError(
            "PTO-TD147",
            op=op.name,
            requirement="source and target dtypes to differ; use reshape/view for shape-only changes",
        )
    if shape is None or not all(isinstance(d, int) and d > 0 for d in (*src.shape, *shape)):
        return
    source_bytes = math.prod(int(d) for d in src.shape) * DTYPE_BITS[src.dtype] // 8
    target_bytes = math.prod(int(d) for d in shape) * DTYPE_BITS[dtype] // 8
    if source_bytes != target_bytes:
        raise DeduceError(
            "PTO-TD147",
            op=op.name,
            requirement=f"equal source and target byte sizes, but source has {source_bytes} bytes and target has "
            f"{target_bytes} bytes",
        )


# The cube spaces whose tiles are always boxed (GetImplicitTileLayout: Left / Acc nz, Right zn); a Mat tile may be
# flat (a single-row load, flat_layout=True), so it is left out.
_BOXED_SPACES = frozenset({"Left", "Right", "Acc"})


@family("reinterpret_view")
def _reinterpret_view(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "data")
    dtype = dtype_arg(param(args, kwargs, 1, "dtype"))
    if not isinstance(src, TensorType | TileType) or dtype is None:
        return UNKNOWN
    shape = shape_arg(kwargs.get("shape"))
    if isinstance(src, TileType) and not src.shape:
        _check(op, "requires a tile rank >= 1, but got 0")  # a `pl.Tile[[], dtype]` parameter
    if isinstance(src, TensorType) and src.distributed and op.namespace == "tensor":
        _check(op, "does not support DistributedTensorType in the initial implementation")
    if isinstance(src, TensorType) and not src.distributed:
        _no_mx(op, src)
    if isinstance(src, TensorType) and src.ranked and not src.distributed and not src.shape:
        _check(op, "requires a tensor rank >= 1")
    if isinstance(src, TensorType) and not src.distributed and src.layout == "NZ":
        _check(op, "does not support boxed/fractal NZ tensor layout")
    if isinstance(src, TensorType) and src.layout == "DN" and src.ranked and src.rank < 2:
        _check(op, "requires rank >= 2 for DN layout")
    if isinstance(src, TensorType) and src.stride is not None and src.layout in ("ND", "DN"):
        canonical = _packed_strides(src.shape, src.layout)
        if canonical is not None and src.stride != canonical:
            _check(op, "only supports packed tensors with canonical strides for their layout")
    if isinstance(src, TensorType) and src.layout == "DN" and shape is not None and len(shape) < 2:
        # A DN view's contiguous axis is its second to last.
        _check(op, "requires target rank >= 2 for DN layout")
    if isinstance(src, TileType) and src.shape and src.memory in _BOXED_SPACES:
        _check(op, "only supports flat tiles with slayout=none_box; boxed/fractal tiles are unsupported")
    if isinstance(src, TileType):
        require_col_major_target_rank(op.name, src, shape)
    if not (isinstance(src, TensorType) and (src.distributed or not src.ranked)):
        _check_reinterpret(op, src, dtype, shape)
    if shape is None:
        last = src.shape[-1] if src.shape else None
        old_bits, new_bits = DTYPE_BITS.get(src.dtype, 32), DTYPE_BITS.get(dtype, 32)
        if isinstance(last, int) and (last * old_bits) % new_bits == 0:
            shape = (*src.shape[:-1], last * old_bits // new_bits)
        else:
            shape = src.shape
    return with_shape(src, shape, dtype)


@family("fillpad_expand")
def _fillpad_expand(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else None
    raw = param(args, kwargs, 1, "shape")
    shape = shape_arg(raw)
    if not isinstance(src, TensorType | TileType) or shape is None:
        return UNKNOWN
    if isinstance(src, TensorType) and not src.ranked:
        return UNKNOWN
    if len(shape) != src.rank:
        raise DeduceError(
            "PTO-TD121",
            op=op.name,
            what=f"shape rank ({len(shape)})",
            relation="match",
            target=f"rank ({src.rank})",
        )
    for i, (new, old) in enumerate(zip(shape, src.shape, strict=True)):
        # Each destination extent a positive constant, then at least the source's.
        if isinstance(raw, tuple | list) and _node_kind(raw[i]):
            _check(op, f"shape dimension {i} must be a constant integer")
        if isinstance(new, int) and new <= 0:
            _check(op, f"shape dimension {i} must be positive, got {new}")
        if isinstance(new, int) and isinstance(old, int) and new < old:
            raise DeduceError(
                "PTO-TD121",
                op=op.name,
                what=f"destination dimension {i} ({new})",
                relation="be >=",
                target=f"dimension ({old})",
            )
    return vec(src, shape)


def _node_kind(value: ArgValue) -> str:
    """Type::TypeName of a shape element that is not a ConstInt, when the model knows it; "" otherwise."""
    if isinstance(value, float):
        return "ConstFloat"
    if isinstance(value, ScalarType):
        return value.node
    return ""


def _require_const(op: OpDef, item: ArgValue, label: str, index: int, named: bool) -> None:
    """CHECK(As<ConstInt>(element)): ``<label> element i must be a compile-time constant`` (with ``(ConstInt),
    but got <node>`` when ``named``). An element the model cannot name is let through."""
    kind = _node_kind(item)
    if kind:
        text = f" (ConstInt), but got {kind}" if named else ""
        _require("PTO-TD151", op, f"{label} element {index} must be a compile-time constant{text}")


def _tile_shape(op: OpDef, raw: ArgValue, nonempty: bool = True, named: bool = True) -> None:
    """A tile creation op's shape: element by element a ConstInt (CHECK As<ConstInt>) that is positive (CHECK
    const_int->value_ > 0), then at least one (tile.tri checks its rank instead)."""
    if op.namespace != "tile" or not isinstance(raw, tuple | list):
        return
    for i, item in enumerate(raw):
        _require_const(op, item, "shape", i, named)
        if _int(item) and item <= 0:
            raise DeduceError("PTO-TD139", op=op.name, index=i, dim=item)
    if nonempty and not raw:
        raise DeduceError("PTO-TD138", name=op.short_name, requirement="requires non-empty shape")


def _l1_shape(op: OpDef, raw: ArgValue) -> None:
    """DeduceTensorCreateL1Type: each element a positive ConstInt (a literal float or a non-positive int is
    not), then at least one."""
    if not isinstance(raw, tuple | list):
        return
    for i, item in enumerate(raw):
        number = item if isinstance(item, int | float) and not isinstance(item, bool) else None
        if number is not None and (isinstance(number, float) or number <= 0):
            _require("PTO-TD151", op, f"shape element {i} must be a positive compile-time ConstInt")
    if not raw:
        _require("PTO-TD151", op, "requires a non-empty shape")


@family("create")
def _create(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    raw = param(args, kwargs, 0, "shape")
    shape = shape_arg(raw)
    dtype = dtype_arg(param(args, kwargs, 1, "dtype"))
    if op.name == "tensor.create_l1":
        _l1_shape(op, raw)
    elif op.namespace == "tensor" and dtype is not None:
        _scalar_elements(op, raw, "shape tuple")
    if shape is None or dtype is None:
        return UNKNOWN
    if op.namespace == "tensor":
        return TensorType(shape, dtype)
    _tile_shape(op, raw)
    memory = memory_of(param(args, kwargs, 2, "target_memory")) or "Vec"
    if memory in ("LeftScale", "RightScale"):
        raise DeduceError("PTO-TD7", op=op.name)
    transpose, flat = kwargs.get("transpose") is True, kwargs.get("flat_layout") is True
    if transpose and (memory != "Mat" or len(shape) != 2):
        raise DeduceError(
            "PTO-TD151",
            op=op.name,
            requirement="supports transpose=true only for a 2D tile with target_memory=Mat (L1)",
        )
    if flat and (memory != "Mat" or transpose):
        raise DeduceError(
            "PTO-TD151",
            op=op.name,
            requirement="supports flat_layout=true only for target_memory=Mat (L1) without transpose",
        )
    return TileType(shape, dtype, memory)


def _created(op: OpDef, shape: tuple[Dim, ...] | None, dtype: str | None) -> ValueType:
    """What a creation op makes: a tensor, or a Vec tile; unknown while its shape or dtype is."""
    if shape is None or dtype is None:
        return UNKNOWN
    return TensorType(shape, dtype) if op.namespace == "tensor" else TileType(shape, dtype, "Vec")


@family("full")
def _full(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    raw = param(args, kwargs, 0, "shape")
    dtype = dtype_arg(param(args, kwargs, 1, "dtype"))
    if op.namespace == "tensor" and dtype is not None:
        _scalar_elements(op, raw, "shape")
    _tile_shape(op, raw)
    return _created(op, shape_arg(raw), dtype)


_CI_DTYPES = ("INT16", "INT32", "UINT16", "UINT32")
_RANDOM_DTYPES = ("INT32", "UINT32")


def _creation_check(op: OpDef, requirement: str) -> None:
    """A creation op's CHECK: ``tensor.ci <sentence>`` or ``The operator tile.ci requires <sentence>``."""
    code = "PTO-TD137" if op.namespace == "tensor" else "PTO-TD138"
    raise DeduceError(code, name=op.short_name, requirement=requirement)


def _dtype_domain(op: OpDef, dtype: str, allowed: tuple[str, ...]) -> None:
    if known(dtype) and dtype not in allowed:
        listed = "{" + ", ".join(allowed) + "}"
        if op.namespace == "tensor":
            _creation_check(op, f"dtype must be one of {listed}, but got {dtype_text(dtype)}")
        _creation_check(op, f"requires dtype to be one of {listed}, but got {dtype_text(dtype)}")


def _literal_dtype(value: ArgValue, paired: str) -> str | None:
    """The dtype a scalar argument reaches the deducer with once the IR builder has coerced int literals to
    `paired`: a float literal stays FP32; a typed scalar keeps its own (INDEX is not trusted)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        return "FP32"
    if isinstance(value, int):
        return paired
    if isinstance(value, ScalarType) and known(value.dtype) and value.dtype != "INDEX":
        return value.dtype
    return None


@family("ci")
def _ci(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    raw = param(args, kwargs, 1, "shape")
    shape = shape_arg(raw)
    tri = op.short_name == "tri"
    dtype = dtype_arg(param(args, kwargs, 3 if tri else 2, "dtype", DTypeValue("INT32")))
    if tri:
        diagonal = _literal_dtype(param(args, kwargs, 0, "diagonal"), "INT32")
        if op.namespace == "tile" and diagonal is not None and diagonal != "INT32":
            raise DeduceError(
                "PTO-TD151",
                op=op.name,
                requirement=f"requires diagonal to be an INT32 scalar, but got {dtype_text(diagonal)}",
            )
        # DeduceTileTriType: the 2D rank, the shape's elements, then valid_shape's rank and elements.
        if shape is not None and len(shape) != 2:
            _creation_check(op, f"requires a 2D shape, but got rank {len(shape)}")
        _tile_shape(op, raw, nonempty=False, named=False)
        valid = param(args, kwargs, 2, "valid_shape")
        if shape is not None and isinstance(valid, tuple | list):
            if len(valid) != len(shape):
                _require("PTO-TD151", op, f"requires valid_shape rank {len(shape)}, but got {len(valid)}")
            for i, (v, d) in enumerate(zip(valid, shape, strict=True)):
                _require_const(op, v, "valid_shape", i, False)
                if _int(v) and _int(d) and not 0 < v <= d:
                    _require(
                        "PTO-TD151", op, f"requires 0 < valid_shape[{i}] <= shape[{i}], but got {v} and {d}"
                    )
        return _created(op, shape, dtype)
    if dtype is not None:
        _dtype_domain(op, dtype, _CI_DTYPES)
        start = _literal_dtype(param(args, kwargs, 0, "start"), dtype)
        if start is not None and known(dtype) and start != dtype:
            got, want = dtype_text(start), dtype_text(dtype)
            if op.namespace == "tensor":
                _creation_check(op, f"'start' dtype ({got}) must match destination dtype ({want})")
            _creation_check(op, f"requires 'start' dtype ({got}) to match destination dtype ({want})")
    if op.namespace == "tensor":
        _scalar_elements(op, raw, "shape")
    _tile_shape(op, raw)
    if shape is not None and not shape and op.namespace == "tensor":
        _creation_check(op, "requires non-empty shape")
    if shape:
        last = shape[-1]
        if isinstance(last, int) and last == 1:
            _creation_check(op, f"requires the innermost dimension (Cols) to be != 1, got {last}")
        for i, d in enumerate(shape[:-1]):
            if isinstance(d, int) and d != 1:
                _creation_check(
                    op,
                    "only populates the first row because pto.tci ignores valid rows; leading dimensions must be "
                    f"1, but got {d} at index {i}",
                )
    return _created(op, shape, dtype)


@family("random")
def _random(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    raw = param(args, kwargs, 6, "shape")
    shape = shape_arg(raw)
    dtype_idx = 7 if op.namespace == "tensor" else 8
    dtype = dtype_arg(param(args, kwargs, dtype_idx, "dtype", DTypeValue("UINT32")))
    if dtype is not None:
        _dtype_domain(op, dtype, _RANDOM_DTYPES)
    rounds = kwargs.get("rounds")
    if isinstance(rounds, int) and not isinstance(rounds, bool) and rounds not in (7, 10):
        _creation_check(op, f"requires rounds to be 7 or 10, but got {rounds}")
    for i, name in enumerate(("key0", "key1", "counter0", "counter1", "counter2", "counter3")):
        seed = _literal_dtype(param(args, kwargs, i, name), "INT32")
        if seed is not None and seed != "INT32":
            _creation_check(op, f"requires seed argument {i} to have INT32 dtype, but got {dtype_text(seed)}")
    if op.namespace == "tensor":
        _scalar_elements(op, raw, "shape")
    if shape is not None:
        _tile_shape(op, raw)
        if shape is not None and not shape and op.namespace == "tensor":
            _creation_check(op, "requires non-empty shape")
        if shape and len(shape) != 2:
            _creation_check(op, f"requires a 2D shape (rows, cols), but got rank {len(shape)}")
        valid = param(args, kwargs, 7, "valid_shape")
        if op.namespace == "tile" and len(shape) == 2 and isinstance(valid, tuple | list):
            _random_valid(op, valid, shape)
    return _created(op, shape, dtype)


def _random_valid(op: OpDef, valid: Sequence[ArgValue], shape: tuple[Dim, ...]) -> None:
    """DeduceTileRandomType's valid_shape: the shape's rank, and each element a constant in (0, dim]."""
    if len(valid) != len(shape):
        _require("PTO-TD151", op, f"valid_shape rank ({len(valid)}) must match shape rank ({len(shape)})")
    for i, (v, d) in enumerate(zip(valid, shape, strict=True)):
        if _node_kind(v):
            _require("PTO-TD151", op, f"valid_shape element {i} must be a compile-time constant (ConstInt)")
        if _int(v) and (v <= 0 or (_int(d) and v > d)):
            bound = d if _int(d) else -1
            _require("PTO-TD151", op, f"valid_shape element {i} ({v}) must be in (0, shape dim {bound}]")


def _require(code: str, op: OpDef, requirement: str) -> None:
    """The deducer's CHECK failed: its sentence after the op's name."""
    raise DeduceError(code, op=op.name, requirement=requirement)


def _index_dtypes(op: OpDef, src: TensorType | TileType, indices: ArgValue) -> None:
    """read / write: every index a scalar (a tile or tensor is rejected) of an integer dtype (a float literal
    or scalar is rejected)."""
    if not isinstance(indices, tuple | list):
        return
    for i, index in enumerate(indices):
        _element_kind(op, index, "index", i)
        dtype = _literal_dtype(index, "INDEX")
        if dtype is not None and not is_int(dtype) and dtype != "INDEX":
            raise DeduceError("PTO-TD152", op=op.name, index=i, dtype=dtype_text(dtype))


def _element_kind(op: OpDef, item: ArgValue, what: str, index: int) -> None:
    """CHECK(As<ScalarType>(tuple element)): a tensor or tile inside a shape, offset or index tuple."""
    got = kind_of(item)
    if got is not None and got != "ScalarType":
        raise DeduceError("PTO-TD155", op=op.name, what=what, index=index, got=got)


def _scalar_elements(op: OpDef, raw: ArgValue, what: str) -> None:
    """A tensor op's tuple of scalars (shape, offset): each element a ScalarType of an integer dtype."""
    if not isinstance(raw, tuple | list):
        return
    for i, item in enumerate(raw):
        _element_kind(op, item, what, i)
        if isinstance(item, ScalarType) and known(item.dtype) and not is_int(item.dtype):
            raise DeduceError("PTO-TD156", op=op.name, what=what, index=i, dtype=dtype_text(item.dtype))


# DataType::IsIndexLike: what a tile op's offsets, indices and extents may be typed as.
_INDEX_LIKE = ("INT64", "UINT64", "INDEX")


def _colon(op: OpDef, detail: str) -> None:
    """A CHECK whose sentence follows the op's name and a colon (``tensor.view: valid_shape rank ...``)."""
    raise DeduceError("PTO-TD158", op=op.name, detail=detail)


def _check(op: OpDef, detail: str) -> None:
    """A CHECK whose sentence follows the op's name (``tile.extract shape must be 2D, got rank 1``)."""
    raise DeduceError("PTO-TD157", op=op.name, detail=detail)


def _index_like(op: OpDef, item: ArgValue, what: str) -> None:
    """An index-like scalar (INT64, UINT64 or INDEX): a scalar whose exact dtype is another is rejected."""
    if isinstance(item, ScalarType) and item.exact and known(item.dtype) and item.dtype not in _INDEX_LIKE:
        _check(op, f"{what} must have dtype INT64, UINT64, or INDEX, but got {dtype_text(item.dtype)}")


def _index_elements(op: OpDef, raw: ArgValue, arg_name: str) -> None:
    """ValidateIndexTupleElements: each element of a tile op's tuple a ScalarType of an index-like dtype."""
    if not isinstance(raw, tuple | list):
        return
    for i, item in enumerate(raw):
        _element_kind(op, item, f"{arg_name} tuple", i)
        _index_like(op, item, f"{arg_name} tuple element {i}")


def _indices_count(op: OpDef, src: TensorType | TileType, indices: ArgValue) -> None:
    """read / write: one index per dimension (a lone int is one index)."""
    if isinstance(indices, tuple):
        count = len(indices)
    elif isinstance(indices, int | ScalarType) and not isinstance(indices, bool):
        count = 1
    else:
        return
    if count != src.rank:
        kind = "tensor" if isinstance(src, TensorType) else "tile"
        raise DeduceError("PTO-TD119", op=op.name, count=count, kind=kind, rank=src.rank)


@family("read")
def _read(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else None
    if not isinstance(src, TensorType | TileType) or (isinstance(src, TensorType) and not src.ranked):
        return UNKNOWN
    _indices_count(op, src, param(args, kwargs, 1, "indices"))
    _index_dtypes(op, src, param(args, kwargs, 1, "indices"))
    return ScalarType(src.dtype, exact=src.dtype in DTYPE_BITS)


@family("write")
def _write(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else None
    if not isinstance(src, TensorType | TileType) or (isinstance(src, TensorType) and not src.ranked):
        return UNKNOWN
    _indices_count(op, src, param(args, kwargs, 1, "indices"))
    _index_dtypes(op, src, param(args, kwargs, 1, "indices"))
    value = param(args, kwargs, 2, "value")
    # A bare literal is an FP32 (float) or INDEX (int) constant, a scalar keeps the dtype the parser gave it
    # (pl.read: the source's, tensor.dim: INDEX, arithmetic: the promoted one); the write does not convert it.
    given = "FP32" if isinstance(value, float) else "INDEX" if isinstance(value, int) else None
    if isinstance(value, ScalarType) and value.exact:
        given = value.dtype
    if isinstance(value, bool) or given is None or src.dtype not in DTYPE_BITS:
        return src
    if given != src.dtype:
        kind = "tensor" if isinstance(src, TensorType) else "tile"
        raise DeduceError(
            "PTO-TD150", op=op.name, kind=kind, value=dtype_text(given), dtype=dtype_text(src.dtype)
        )
    return src


@family("set_validshape")
def _set_validshape(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """set_validshape(x, valid_rows, valid_cols): a 2D value with its valid region narrowed."""
    src = param(args, kwargs, 0, "tensor" if op.namespace == "tensor" else "tile")
    if not isinstance(src, TensorType | TileType) or (isinstance(src, TensorType) and not src.ranked):
        return UNKNOWN
    kind = "tensor" if isinstance(src, TensorType) else "tile"
    if src.rank != 2:
        _require("PTO-TD117", op, f"a 2D {kind}, but got rank {src.rank}")
    for index, name in ((1, "valid_rows"), (2, "valid_cols")):
        _index_like(op, param(args, kwargs, index, name), name)
    for index, name in ((1, "valid_rows"), (2, "valid_cols")):
        value = param(args, kwargs, index, name)
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        axis = name.removeprefix("valid_")
        if value < 0:
            raise DeduceError("PTO-TD120", op=op.name, axis=axis, requirement=f"must be >= 0, got {value}")
        bound = src.shape[index - 1]
        if isinstance(bound, int) and value > bound:
            raise DeduceError(
                "PTO-TD120", op=op.name, axis=axis, requirement=f"({value}) exceeds {kind} bound {bound}"
            )
    return src


@family("array_create")
def _array_create(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """DeduceArrayCreateType: an integer, BOOL or TASK_ID element type, and a positive static extent."""
    dtype = dtype_arg(param(args, kwargs, 1, "dtype"))
    if dtype is not None and known(dtype) and not (is_int(dtype) or dtype in ("BOOL", "TASK_ID")):
        raise DeduceError(
            "PTO-TD141", requirement=f"dtype must be integer, BOOL, or TASK_ID, got {dtype_text(dtype)}"
        )
    extent = param(args, kwargs, 0, "extent")
    if isinstance(extent, int) and not isinstance(extent, bool) and extent <= 0:
        raise DeduceError("PTO-TD141", requirement=f"extent must be positive, got {extent}")
    return ArrayType(dtype) if dtype is not None and known(dtype) else UNKNOWN


@family("array_element")
def _array_element(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """DeduceArrayGetElementType / DeduceArrayUpdateElementType: an array (not a tensor, tile or scalar) and an
    integer index."""
    got = kind_of(param(args, kwargs, 0, "array"))
    if got is not None:
        _check(op, f"first argument must be ArrayType, got {got}")
    index = _literal_dtype(param(args, kwargs, 1, "index"), "INDEX")
    if index is not None and not is_int(index) and index != "INDEX":
        _check(op, f"index must have integer dtype, got {dtype_text(index)}")
    array = param(args, kwargs, 0, "array")
    if op.name != "array.update_element" or not isinstance(array, ArrayType):
        return UNKNOWN
    value = _value_dtype(param(args, kwargs, 2, "value"))
    if value is not None and not _fits_array(value, array.dtype):
        raise DeduceError("PTO-TD229", value=dtype_text(value), array=dtype_text(array.dtype))
    return array


def _value_dtype(value: ArgValue) -> str | None:
    """The dtype an array write's value reaches the deducer with: a float literal is FP32, an int literal takes
    the array's own (the DSL wrapper and the parser retag it); a scalar its exact dtype; None when not known."""
    if isinstance(value, float):
        return "FP32"
    if isinstance(value, ScalarType) and value.exact and known(value.dtype):
        return value.dtype
    return None


def _fits_array(value: str, array: str) -> bool:
    """DeduceArrayUpdateElementType: the same dtype, or INDEX on either side of an integer one."""
    return (
        value == array
        or (value == "INDEX" and is_int(array) and array != "INDEX")
        or (array == "INDEX" and is_int(value))
    )


def _int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
