"""Memory and view ops (``tile_ops/memory.cpp``, ``transform.cpp``, ``tensor_ops/memory.cpp``, ``transform.cpp``)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from compiler.ops.deducers.core import (
    DeduceError,
    dtype_arg,
    dtype_text,
    family,
    is_int,
    known,
    param,
    require_kind,
    shape_arg,
    vec,
    with_shape,
)
from compiler.ops.deducers.windows import WindowRead, check_drop_dims, check_read, check_write, static_items
from compiler.ops.opdef import OpDef
from compiler.ops.registry import memory_of
from compiler.types import UNKNOWN, ArgValue, Dim, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import DTYPE_BITS, MEMORY_SPACES, DTypeValue

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
    # The IR builder (ir/op/tile_ops.py load) checks the memory space and the list lengths before the deducer.
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
    if (
        src.ranked
        and offsets is not None
        and len(shape) == src.rank
        and (valid is None or len(valid) == len(shape))
    ):
        clamp = param(args, kwargs, 5, "clamp")
        if clamp is False or clamp is None:
            check_read(
                WindowRead(op.name, src.shape, offsets, shape, valid or shape, False, False, _LOAD_REMEDY)
            )
    if valid is not None and (len(valid) != len(shape) or valid == shape):
        valid = None
    return TileType(shape, src.dtype, memory, valid)


_TENSOR_ASSEMBLE_REMEDY = (
    "tensor.assemble transfers only the source's effective valid region, so it is that extent -- not the whole "
    "source allocation -- that has to fit at this offset"
)


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
    return out if isinstance(out, TensorType) else UNKNOWN


@family("move")
def _move(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "tile")
    if not isinstance(src, TileType):
        return UNKNOWN
    return src.with_memory(memory_of(param(args, kwargs, 1, "target_memory")) or "Vec")


@family("extract")
def _extract(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "src")
    shape = shape_arg(param(args, kwargs, 3, "shape"))
    if isinstance(src, TileType) and src.rank != 2:
        raise DeduceError("PTO-TD148", rank=src.rank)
    if not isinstance(src, TileType) or shape is None:
        return UNKNOWN
    return TileType(shape, src.dtype, memory_of(kwargs.get("target_memory")) or "Vec")


@family("slice")
def _slice(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "input", param(args, kwargs, 0, "tensor"))
    shape = shape_arg(param(args, kwargs, 1, "shape"))
    if not isinstance(src, TensorType | TileType) or shape is None:
        return UNKNOWN
    if isinstance(src, TensorType) and not src.ranked:
        return UNKNOWN
    offsets = static_items(param(args, kwargs, 2, "offset"))
    drops = param(args, kwargs, 4, "drop_dims")
    requested = shape_arg(param(args, kwargs, 3, "valid_shape")) or None
    if isinstance(src, TileType):
        # DeduceTileSliceType: offset rank against shape rank, then the window read, then drop_dims.
        if offsets is not None and len(offsets) != len(shape):
            _require(
                "PTO-TD117",
                op,
                f"offset and shape to have the same rank, but got offset rank {len(offsets)} and shape rank "
                f"{len(shape)}",
            )
        if offsets is not None:
            check_read(
                WindowRead(op.name, src.shape, offsets, shape, requested, True, False, _TILE_SLICE_REMEDY)
            )
        check_drop_dims(op.name, drops, shape)
    else:
        # DeduceTensorSliceType: drop_dims first; the window read only for a full-rank window.
        check_drop_dims(op.name, drops, shape)
        clamp = param(args, kwargs, 6, "clamp")
        if offsets is not None and len(shape) == src.rank and len(offsets) == len(shape) and not clamp:
            check_read(WindowRead(op.name, src.shape, offsets, shape, requested, False, False, _SLICE_REMEDY))
    valid = requested if requested is not None and len(requested) == len(shape) else None
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
    old, new = _numel(src.shape), _numel(shape)
    # ComputeShapeProduct: only two positive static products are compared (a -1 extent is inferred).
    if old is not None and new is not None and old > 0 and new > 0 and old != new:
        kind = "tensor" if isinstance(src, TensorType) else "tile"
        raise DeduceError("PTO-TD5", op=op.name, kind=kind, old=old, new=new)
    result = with_shape(src, shape)
    valid = _unit_padded_valid(src, shape)
    return replace(result, valid=valid) if valid is not None else result


def _unit_padded_valid(src: TensorType | TileType, shape: tuple[Dim, ...]) -> tuple[Dim, ...] | None:
    """A reshape that only adds or drops leading unit axes keeps the valid region on the remaining ones."""
    if src.valid is None or len(src.valid) != src.rank:
        return None
    lead = next((i for i, d in enumerate(src.shape) if d != 1), src.rank)
    new_lead = next((i for i, d in enumerate(shape) if d != 1), len(shape))
    if tuple(src.shape[lead:]) != tuple(shape[new_lead:]):
        return None
    return (1,) * new_lead + tuple(src.valid[lead:])


def _numel(shape: Sequence[Dim]) -> int | None:
    total = 1
    for d in shape:
        if not isinstance(d, int):
            return None
        total *= d
    return total


@family("transpose")
def _transpose(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "input", param(args, kwargs, 0, "tile"))
    if not isinstance(src, TensorType | TileType) or (isinstance(src, TensorType) and not src.ranked):
        return UNKNOWN
    if src.rank < 2:
        raise DeduceError("PTO-TD135", op=op.name, rank=src.rank)
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
    if isinstance(target, TensorType) and isinstance(source, TensorType):
        if (
            target.ranked
            and source.ranked
            and offsets is not None
            and source.rank == target.rank == len(offsets)
        ):
            # tensor.assemble moves only the source's valid region (kValidRegionTransfer).
            check_write(op.name, target.shape, _transferred(source), offsets, _TENSOR_ASSEMBLE_REMEDY)
        return target
    if not (isinstance(target, TileType) and isinstance(source, TileType)):
        return target if isinstance(target, TensorType | TileType) else UNKNOWN
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
    return target


@family("view")
def _view(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "tensor")
    if not isinstance(src, TensorType):
        return UNKNOWN
    shape = shape_arg(param(args, kwargs, 1, "shape"))
    if shape is not None and src.ranked:
        old, new = _numel(src.shape), _numel(shape)
        if (
            old is not None
            and new is not None
            and all(d > 0 for d in shape if isinstance(d, int))
            and old != new
        ):
            raise DeduceError("PTO-TD123", op=op.name, old=old, new=new)
    return TensorType(shape if shape is not None else src.shape, src.dtype, src.distributed)


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


@family("reinterpret_view")
def _reinterpret_view(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = param(args, kwargs, 0, "data")
    dtype = dtype_arg(param(args, kwargs, 1, "dtype"))
    if not isinstance(src, TensorType | TileType) or dtype is None:
        return UNKNOWN
    shape = shape_arg(kwargs.get("shape"))
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
    shape = shape_arg(param(args, kwargs, 1, "shape"))
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
        if isinstance(new, int) and isinstance(old, int) and new < old:
            raise DeduceError(
                "PTO-TD121",
                op=op.name,
                what=f"destination dimension {i} ({new})",
                relation="be >=",
                target=f"dimension ({old})",
            )
    return vec(src, shape)


def _tile_shape(op: OpDef, shape: tuple[Dim, ...] | None, nonempty: bool = True) -> None:
    """A tile creation op's static shape: every literal extent positive (CHECK const_int->value_ > 0), and
    at least one (tile.tri checks its rank instead)."""
    if op.namespace != "tile" or shape is None:
        return
    for i, d in enumerate(shape):
        if isinstance(d, int) and d <= 0:
            raise DeduceError("PTO-TD139", op=op.name, index=i, dim=d)
    if nonempty and not shape:
        raise DeduceError("PTO-TD138", name=op.short_name, requirement="requires non-empty shape")


@family("create")
def _create(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    shape = shape_arg(param(args, kwargs, 0, "shape"))
    dtype = dtype_arg(param(args, kwargs, 1, "dtype"))
    if shape is None or dtype is None:
        return UNKNOWN
    if op.namespace == "tensor":
        return TensorType(shape, dtype)
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
    _tile_shape(op, shape)
    return TileType(shape, dtype, memory)


def _created(op: OpDef, shape: tuple[Dim, ...] | None, dtype: str | None) -> ValueType:
    """What a creation op makes: a tensor, or a Vec tile; unknown while its shape or dtype is."""
    if shape is None or dtype is None:
        return UNKNOWN
    return TensorType(shape, dtype) if op.namespace == "tensor" else TileType(shape, dtype, "Vec")


@family("full")
def _full(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    shape = shape_arg(param(args, kwargs, 0, "shape"))
    dtype = dtype_arg(param(args, kwargs, 1, "dtype"))
    _tile_shape(op, shape)
    return _created(op, shape, dtype)


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
    shape = shape_arg(param(args, kwargs, 1, "shape"))
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
        _tile_shape(op, shape, nonempty=False)
        valid = param(args, kwargs, 2, "valid_shape")
        if (
            op.namespace == "tile"
            and shape is not None
            and isinstance(valid, tuple | list)
            and len(valid) == len(shape)
        ):
            for i, (v, d) in enumerate(zip(valid, shape, strict=True)):
                if _int(v) and _int(d) and not 0 < v <= d:
                    raise DeduceError(
                        "PTO-TD151",
                        op=op.name,
                        requirement=f"requires 0 < valid_shape[{i}] <= shape[{i}], but got {v} and {d}",
                    )
        if shape is not None and len(shape) != 2:
            _creation_check(op, f"requires a 2D shape, but got rank {len(shape)}")
        return _created(op, shape, dtype)
    if dtype is not None:
        _dtype_domain(op, dtype, _CI_DTYPES)
        start = _literal_dtype(param(args, kwargs, 0, "start"), dtype)
        if start is not None and known(dtype) and start != dtype:
            got, want = dtype_text(start), dtype_text(dtype)
            if op.namespace == "tensor":
                _creation_check(op, f"'start' dtype ({got}) must match destination dtype ({want})")
            _creation_check(op, f"requires 'start' dtype ({got}) to match destination dtype ({want})")
    if shape:
        _tile_shape(op, shape)
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
    shape = shape_arg(param(args, kwargs, 6, "shape"))
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
    if shape is not None:
        _tile_shape(op, shape)
        if shape and len(shape) != 2:
            _creation_check(op, f"requires a 2D shape (rows, cols), but got rank {len(shape)}")
    return _created(op, shape, dtype)


def _require(code: str, op: OpDef, requirement: str) -> None:
    """The deducer's CHECK failed: its sentence after the op's name."""
    raise DeduceError(code, op=op.name, requirement=requirement)


def _index_dtypes(op: OpDef, src: TensorType | TileType, indices: ArgValue) -> None:
    """tile.read / tile.write: every index an integer scalar (a float literal or scalar is rejected)."""
    if not isinstance(src, TileType) or not isinstance(indices, tuple | list):
        return
    for i, index in enumerate(indices):
        dtype = _literal_dtype(index, "INDEX")
        if dtype is not None and not is_int(dtype) and dtype != "INDEX":
            raise DeduceError("PTO-TD152", op=op.name, index=i, dtype=dtype_text(dtype))


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
    _index_dtypes(op, src, param(args, kwargs, 1, "indices"))
    _indices_count(op, src, param(args, kwargs, 1, "indices"))
    return ScalarType(src.dtype, exact=src.dtype in DTYPE_BITS)


@family("write")
def _write(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    src = args[0] if args else None
    if not isinstance(src, TensorType | TileType) or (isinstance(src, TensorType) and not src.ranked):
        return UNKNOWN
    _index_dtypes(op, src, param(args, kwargs, 1, "indices"))
    _indices_count(op, src, param(args, kwargs, 1, "indices"))
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
    return UNKNOWN


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
