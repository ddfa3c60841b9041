"""Indexed-access ops: gather, scatter, paged gather, sort and scatter_update (``tile_ops/gather.cpp``,
``scatter.cpp``, ``sort.cpp``, ``transform.cpp``; ``tensor_ops/gather.cpp``, ``scatter.cpp``,
``scatter_update.cpp``, ``paged_gather.cpp``, ``sort.cpp``).

Each family walks its op's checks in the deducer's order and stops at the first that fails, with the
compiler's words (``compiler/rules/op_indexing.py``). A check runs only on what the model knows for sure: a
known dtype, a static extent, a literal attribute. Every check is exercised against the real compiler's
outcome by the op conformance goldens (``tests/conformance/ops/``), valid and faulty variants alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from compiler.ops.deducers.core import (
    DeduceError,
    dtype_arg,
    dtype_text,
    family,
    is_float,
    is_int,
    kind_of,
    known,
    param,
    require_kind,
    shape_arg,
    static_numel,
    vec,
)
from compiler.ops.deducers.valid_regions import check_gather_row_shapes, check_gather_row_valid
from compiler.ops.opdef import OpDef
from compiler.types import UNKNOWN, ArgValue, Dim, ScalarType, TensorType, TileType, ValueType, is_runtime
from compiler.vocabulary import DTYPE_BITS, EnumValue

Shaped = TensorType | TileType

_DTYPE = "PTO-TD111"
_RANK = "PTO-TD112"
_EXTENT = "PTO-TD113"
_ATTR = "PTO-TD114"
_SCATTER_UPDATE = "PTO-TD116"

_SCATTER_ELEMENTS = frozenset({"FP16", "FP32", "BF16", "INT16", "INT32", "INT8"})
_SCATTER_INDEXES = frozenset({"INT16", "INT32"})
_GATHER_ELEMENTS = frozenset({"FP16", "FP32", "INT16", "INT32"})
_SORT_ELEMENTS = frozenset({"FP16", "FP32"})
_GATHERB_ELEMENTS = frozenset({"INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "FP16", "BF16", "FP32"})
_PAGED_ELEMENTS = frozenset({"FP16", "BF16", "FP32", "INT8"})
_MASK_PATTERNS = {"P0101": 1, "P1010": 2, "P0001": 3, "P0010": 4, "P0100": 5, "P1000": 6, "P1111": 7}


SCRATCH_ALIAS = "<scratch is mem or idx>"
"""The kwarg the front end adds to a tile.mgather whose scratch= names the very variable passed as mem or idx
(the deducer compares IR variables; the model's argument values are types, so the call site tells it)."""


def _fail(code: str, op: OpDef, requirement: str) -> None:
    """The deducer's CHECK failed: the compiler's sentence for it."""
    if code == _SCATTER_UPDATE:
        raise DeduceError(code, space=op.namespace, requirement=requirement)
    raise DeduceError(code, op=op.name, requirement=requirement)


def _positional_literal(
    op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue], index: int, key: str
) -> None:
    """An int attribute passed positionally as a literal: the parser hands the wrapper an IR constant (it
    turns only an attribute access such as ``pl.tile.MaskPattern.P0101`` into a Python value), the wrapper
    forwards it as the kwarg unchanged, and the registry rejects a kwarg that is not an int."""
    value = args[index] if key not in kwargs and index < len(args) else None
    if isinstance(value, int) and not isinstance(value, bool):
        raise DeduceError("PTO-TD115", key=key, op=op.name)


def _shaped(value: ArgValue) -> Shaped | None:
    """A tensor or tile the model knows the dtype and rank of."""
    if isinstance(value, TensorType) and not value.ranked:
        return None
    if isinstance(value, TensorType | TileType) and known(value.dtype):
        return value
    return None


def _dt(value: Shaped) -> str:
    return dtype_text(value.dtype)


def _int(value: ArgValue) -> int | None:
    """A literal int attribute (an enum member of MaskPattern counts as its number)."""
    if isinstance(value, EnumValue) and value.enum == "MaskPattern":
        return _MASK_PATTERNS.get(value.member)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def _static(d: Dim) -> int | None:
    return d if isinstance(d, int) else None


def _bytes(dtype: str) -> int:
    return DTYPE_BITS.get(dtype, 32) // 8


def _same_extent(op: OpDef, a: Shaped, a_name: str, b: Shaped, b_name: str, axis: int, unit: str) -> None:
    """``b.shape[axis] == a.shape[axis]``, worded as the scatter deducers word it."""
    x, y = _static(a.shape[axis]), _static(b.shape[axis])
    if x is not None and y is not None and x != y:
        _fail(
            _EXTENT,
            op,
            f"requires {b_name}.shape[{axis}] == {a_name}.shape[{axis}], got {a_name} {unit} {x} vs "
            f"{b_name} {unit} {y}",
        )


# ---------------------------------------------------------------------------------------------
# scatter (index form) and scatter_mask
# ---------------------------------------------------------------------------------------------


@family("scatter_index")
def _scatter_index(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """tile.scatter(dst, src, indexes) / tensor.scatter(input, dim, index, src)."""
    tensor = op.namespace == "tensor"
    if tensor:
        _positional_literal(op, args, kwargs, 1, "dim")
        dst = _shaped(param(args, kwargs, 0, "input"))
        index = _shaped(param(args, kwargs, 2, "index"))
        src = _shaped(param(args, kwargs, 3, "src"))
        dst_name, idx_name = "input", "index"
    else:
        dst = _shaped(param(args, kwargs, 0, "dst"))
        src = _shaped(param(args, kwargs, 1, "src"))
        index = _shaped(param(args, kwargs, 2, "indexes"))
        dst_name, idx_name = "dst", "indexes"
    if dst is None:
        return UNKNOWN
    if dst.dtype not in _SCATTER_ELEMENTS:
        _fail(
            _DTYPE, op, f"requires {dst_name} dtype in {{I8, I16, I32, FP16, FP32, BF16}}, but got {_dt(dst)}"
        )
    if tensor:
        # tensor.scatter checks each operand's kind just before its dtype: input, index, then src.
        require_kind(op, index, "TensorType", "index")
        if index is not None and index.dtype not in _SCATTER_INDEXES:
            _fail(_DTYPE, op, f"requires index dtype in {{INT16, INT32}}, but got {_dt(index)}")
        require_kind(op, src, "TensorType", "src")
        if index is None or src is None:
            return UNKNOWN
        if src.dtype != dst.dtype:
            _fail(_DTYPE, op, f"requires src dtype ({_dt(src)}) to match input dtype ({_dt(dst)})")
    else:
        if src is None:
            return UNKNOWN
        if src.dtype not in _SCATTER_ELEMENTS:
            _fail(_DTYPE, op, f"requires src dtype in {{I8, I16, I32, FP16, FP32, BF16}}, but got {_dt(src)}")
        if src.dtype != dst.dtype:
            _fail(_DTYPE, op, f"requires dst dtype ({_dt(dst)}) to match src dtype ({_dt(src)})")
        if index is None:
            return UNKNOWN
        if index.dtype not in _SCATTER_INDEXES:
            _fail(_DTYPE, op, f"requires indexes dtype in {{INT16, INT32}}, but got {_dt(index)}")
    dst_bytes, idx_bytes = _bytes(dst.dtype), _bytes(index.dtype)
    required = 2 if dst_bytes == 1 else dst_bytes
    if idx_bytes != required:
        _fail(
            _DTYPE,
            op,
            f"with {dst_name} dtype {_dt(dst)} ({dst_bytes} bytes) requires {idx_name} dtype of {required} bytes, "
            f"but got {_dt(index)} ({idx_bytes} bytes)",
        )
    if tensor:
        if dst.rank != 2:
            _fail(_RANK, op, f"currently supports rank-2 input only, got rank {dst.rank}")
        if src.rank != 2:
            _fail(_RANK, op, f"requires src rank ({src.rank}) to match input rank (2)")
        if index.rank != 2:
            _fail(_RANK, op, f"requires 2D index, but got rank {index.rank}")
        dim = _int(param(args, kwargs, 1, "dim"))
        if dim is None:
            return UNKNOWN
        if (dim + 2 if dim < 0 else dim) != 1:
            _fail(_ATTR, op, f"currently supports dim=-1 (last axis) only, got dim={dim}")
    else:
        if src.rank != 2 or dst.rank != 2:
            _fail(
                _RANK, op, f"requires 2D src/dst tiles, but got src rank {src.rank} and dst rank {dst.rank}"
            )
        if index.rank != 2:
            _fail(_RANK, op, f"requires 2D indexes tile, but got rank {index.rank}")
    _same_extent(op, src, "src", index, idx_name, 0, "rows")
    _same_extent(op, src, "src", index, idx_name, 1, "cols")
    if tensor:
        for axis, unit in ((0, "rows"), (1, "cols")):
            s, d = _static(src.shape[axis]), _static(dst.shape[axis])
            if s is not None and d is not None and s > d:
                _fail(
                    _EXTENT,
                    op,
                    f"requires src.shape[{axis}] <= input.shape[{axis}], got src {unit} {s} vs input {unit} {d}",
                )
    return dst


@family("scatter_mask")
def _scatter_mask(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """tile.scatter_mask(dst, src, mask_pattern) / tensor scatter(input, mask_pattern=, dst=)."""
    tensor = op.namespace == "tensor"
    if tensor:
        a, a_name = _shaped(param(args, kwargs, 0, "input")), "input"
        dst = _shaped(kwargs.get("dst"))
    else:
        _positional_literal(op, args, kwargs, 2, "mask_pattern")
        dst = _shaped(param(args, kwargs, 0, "dst"))
        a, a_name = _shaped(param(args, kwargs, 1, "src")), "src"
    if a is None or dst is None:
        return UNKNOWN
    first, second = (a, dst) if tensor else (dst, a)
    first_name, second_name = (a_name, "dst") if tensor else ("dst", a_name)
    for value, name in ((first, first_name), (second, second_name)):
        if tensor and name == "dst":
            require_kind(op, value, "TensorType", "dst")  # after the input's dtype, before its own
        if value.dtype not in _SCATTER_ELEMENTS:
            _fail(
                _DTYPE,
                op,
                f"requires {name} dtype in {{I8, I16, I32, FP16, FP32, BF16}}, but got {_dt(value)}",
            )
    if first.dtype != second.dtype:
        _fail(
            _DTYPE,
            op,
            f"requires {first_name} and {second_name} to have the same dtype, got {_dt(first)} vs {_dt(second)}",
        )
    if a.rank != 2 or dst.rank != 2:
        pair = "input/dst" if tensor else "src/dst tiles"
        _fail(_RANK, op, f"requires 2D {pair}, but got {a_name} rank {a.rank} and dst rank {dst.rank}")
    pattern = _int(param(args, kwargs, 2, "mask_pattern") if not tensor else kwargs.get("mask_pattern"))
    if pattern is None:
        return UNKNOWN
    if not 1 <= pattern <= 7:
        span = "[1, 7]" if tensor else "range [1, 7]"
        _fail(_ATTR, op, f"requires mask_pattern in {span}, but got {pattern}")
    if not tensor:
        s, d = _static(a.shape[0]), _static(dst.shape[0])
        if s is not None and d is not None and s != d:
            _fail(_EXTENT, op, f"requires src.shape[0] == dst.shape[0], got src rows {s} vs dst rows {d}")
    stride = 1 if pattern == 7 else (2 if pattern <= 2 else 4)
    s, d = _static(a.shape[1]), _static(dst.shape[1])
    if s is not None and d is not None and d != s * stride:
        _fail(
            _EXTENT,
            op,
            f"with mask_pattern={pattern} requires dst.shape[1] ({d}) == {a_name}.shape[1] ({s}) * {stride}",
        )
    return dst


# ---------------------------------------------------------------------------------------------
# scatter_update
# ---------------------------------------------------------------------------------------------


def _scatter_update_operands(
    args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]
) -> tuple[ArgValue, ArgValue, ArgValue]:
    """(dim, index, src) from the three call forms the IR builder accepts."""
    rest = list(args[1:])
    dim, index, src = kwargs.get("dim"), kwargs.get("index"), kwargs.get("src")
    if len(rest) == 3 and "dim" not in kwargs:
        dim, index, src = rest
    elif len(rest) == 2 and "dim" in kwargs:
        index, src = rest
    elif len(rest) == 1:
        dim = rest[0]
    return dim, index, src


def _scalar_operand(value: ArgValue, positional: bool) -> bool:
    """A scalar where scatter_update takes a tensor: a Scalar, or a literal written positionally (the parser
    hands the builder an IR constant; a keyword literal fails in the builder's own isinstance check first)."""
    literal = isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, ScalarType) or (positional and literal)


@family("scatter_update")
def _scatter_update(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """scatter_update(input, dim, index, src): rows of input replaced by rows of src at index."""
    dst = _shaped(param(args, kwargs, 0, "input"))
    dim, raw_index, raw_src = _scatter_update_operands(args, kwargs)
    index, src = _shaped(raw_index), _shaped(raw_src)
    if dst is None:
        return UNKNOWN
    if dst.rank not in (2, 4):
        _fail(_SCATTER_UPDATE, op, f"input must be 2D or 4D, got rank {dst.rank}")
    if op.namespace == "tensor" and _scalar_operand(raw_index, len(args) > 2):
        _fail(_SCATTER_UPDATE, op, "index must be TensorType, got ScalarType")
    if index is None:
        return UNKNOWN
    if index.rank != 2:
        _fail(_SCATTER_UPDATE, op, f"index must be 2D [b, s], got rank {index.rank}")
    if not is_int(index.dtype):
        _fail(_SCATTER_UPDATE, op, f"index dtype must be integer, got {_dt(index)}")
    if op.namespace == "tensor" and _scalar_operand(raw_src, len(args) > 2):
        _fail(_SCATTER_UPDATE, op, "src must be TensorType, got ScalarType")
    if src is None:
        return UNKNOWN
    if src.rank != dst.rank:
        _fail(_SCATTER_UPDATE, op, f"src rank ({src.rank}) must match input rank ({dst.rank})")
    if src.dtype != dst.dtype:
        _fail(_SCATTER_UPDATE, op, f"src dtype ({_dt(src)}) must match input dtype ({_dt(dst)})")
    value = _int(dim)
    if value is not None and value != -2:
        _fail(_SCATTER_UPDATE, op, f"only dim=-2 is currently supported, got {value}")
    return dst


# ---------------------------------------------------------------------------------------------
# gather: index, mask and compare forms; gatherb; paged gather
# ---------------------------------------------------------------------------------------------


@family("gather_index")
def _gather_index(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """tensor gather(input, dim, index) / tile.gather(src, indices, tmp): the index's shape, the input's
    dtype."""
    tensor = op.namespace == "tensor"
    src = _shaped(param(args, kwargs, 0, "input" if tensor else "src"))
    index = _shaped(param(args, kwargs, 2, "index") if tensor else param(args, kwargs, 1, "indices"))
    if src is None or index is None:
        return UNKNOWN
    what, idx = ("input", "index") if tensor else ("src", "indices")
    if src.dtype not in _GATHER_ELEMENTS:
        _fail(_DTYPE, op, f"requires {what} dtype to be FP16, FP32, INT16, or INT32, but got {_dt(src)}")
    if not (index.dtype == "INT32" or (index.dtype == "INT16" and src.dtype in ("FP16", "INT16"))):
        _fail(
            _DTYPE,
            op,
            f"requires {idx} dtype INT32 (any {what}), or INT16 with a 16-bit {what} (FP16/INT16); INT16 indices "
            f"with a 32-bit {what} are unsafe (tgather b32 reads them as u32). Got {idx} {_dt(index)} with "
            f"{what} {_dt(src)}",
        )
    if not tensor:
        require_kind(op, param(args, kwargs, 2, "tmp"), "TileType", "third argument")
        return vec(src, index.shape, src.dtype)
    rank = src.rank
    if rank < 2:
        _fail(_RANK, op, f"requires rank >= 2, but got rank {rank}")
    if index.rank != rank:
        _fail(_RANK, op, f"requires index rank ({index.rank}) to match input rank ({rank})")
    dim = _int(param(args, kwargs, 1, "dim"))
    if dim is None:
        return UNKNOWN
    norm = dim + rank if dim < 0 else dim
    if not 0 <= norm < rank:
        _fail(_ATTR, op, f"requires dim in [{-rank}, {rank - 1}], but got dim={dim}")
    for i in range(rank):
        a, b = _static(index.shape[i]), _static(src.shape[i])
        if i != norm and a is not None and b is not None and a > b:
            _fail(
                _EXTENT, op, f"requires index.shape[{i}] ({a}) <= input.shape[{i}] ({b}) on non-gather axes"
            )
    return TensorType(index.shape, src.dtype)


@family("gather_mask")
def _gather_mask(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """gather by a hardware mask pattern: the selected columns of each row."""
    tensor = op.namespace == "tensor"
    what = "input" if tensor else "src"
    if not tensor:
        _positional_literal(op, args, kwargs, 1, "mask_pattern")
    src = _shaped(param(args, kwargs, 0, what))
    if src is None:
        return UNKNOWN
    if src.dtype not in _GATHER_ELEMENTS:
        _fail(_DTYPE, op, f"requires {what} dtype to be FP16, FP32, INT16, or INT32, but got {_dt(src)}")
    if src.rank != 2 and tensor:
        _fail(_RANK, op, f"requires 2D input, but got rank {src.rank}")
    pattern = _int(kwargs.get("mask_pattern") if tensor else param(args, kwargs, 1, "mask_pattern"))
    if pattern is None:
        return UNKNOWN
    if not 1 <= pattern <= 7:
        _fail(_ATTR, op, f"requires mask_pattern in range [1, 7], but got {pattern}")
    if src.rank != 2:
        # The tile deducer reads the columns after the pattern: an INTERNAL_CHECK, reported as one.
        raise DeduceError("PTO-TD149", rank=src.rank)
    cols: Dim = src.shape[1]
    if pattern != 7:
        divisor = 2 if pattern <= 2 else 4
        c = _static(cols)
        if c is not None and c % divisor:
            _fail(
                _EXTENT,
                op,
                f"with mask_pattern={pattern} requires src columns divisible by {divisor}, got {c}",
            )
        cols = c // divisor if c is not None else "?"
    out = dtype_arg(kwargs.get("output_dtype")) or src.dtype
    if out != src.dtype and DTYPE_BITS.get(out) != DTYPE_BITS.get(src.dtype):
        _fail(
            _DTYPE,
            op,
            f"output_dtype must have the same bit width as {what} dtype ({_dt(src)} = "
            f"{DTYPE_BITS.get(src.dtype)} bits), but got {dtype_text(out)} = {DTYPE_BITS.get(out)} bits",
        )
    return vec(src, (src.shape[0], cols), out)


_CMP_MODES = ("eq", "ne", "lt", "le", "gt", "ge")


@family("gather_compare")
def _gather_compare(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """gather by comparing each element with kvalue: the matching column indices and their count."""
    tensor = op.namespace == "tensor"
    what = "input" if tensor else "src"
    src = _shaped(param(args, kwargs, 0, what))
    if src is None:
        return UNKNOWN
    if src.dtype not in _GATHER_ELEMENTS:
        _fail(_DTYPE, op, f"requires {what} dtype in {{FP16, FP32, INT16, INT32}}, but got {_dt(src)}")
    if src.rank != 2:
        _fail(_RANK, op, f"requires 2D {what}, but got rank {src.rank}")
    kvalue = kwargs["kvalue"] if "kvalue" in kwargs else (args[1] if not tensor and len(args) > 1 else None)
    if isinstance(kvalue, float) or (isinstance(kvalue, int) and not isinstance(kvalue, bool)):
        # A bare literal becomes an FP32 (float) or INDEX (int) constant, whatever the source dtype.
        kv_dtype = "FP32" if isinstance(kvalue, float) else "INDEX"
        if kv_dtype != src.dtype:
            _fail(
                _DTYPE,
                op,
                f"requires kvalue dtype equal to src dtype {_dt(src)} , but got {dtype_text(kv_dtype)}",
            )
    if not tensor:
        require_kind(op, param(args, kwargs, 2, "tmp"), "TileType", "tmp")
    out_cols = _int(kwargs.get("out_cols"))
    if out_cols is not None and out_cols <= 0:
        _fail(_ATTR, op, f"requires out_cols > 0, but got {out_cols}")
    count = kwargs.get("count_dtype")
    count_dtype = dtype_arg(count) if count is not None else "INT32"
    if count_dtype is not None and count_dtype not in ("INT32", "UINT32"):
        _fail(_ATTR, op, f"requires count_dtype to be INT32 or UINT32, but got {dtype_text(count_dtype)}")
    return UNKNOWN


@family("gatherb")
def _gatherb(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """tile.gatherb(src, offset): 32-byte blocks of src, one per UINT32 offset."""
    src, offset = _shaped(param(args, kwargs, 0, "src")), _shaped(param(args, kwargs, 1, "offset"))
    if src is None:
        return UNKNOWN
    # is_gatherb_dtype: src, then output_dtype (default: src's), before the offset is looked at.
    allowed = "an 8/16/32-bit int/uint or FP16/BF16/FP32"
    if known(src.dtype) and src.dtype not in _GATHERB_ELEMENTS:
        _fail(_DTYPE, op, f"requires src dtype to be {allowed}, but got {_dt(src)}")
    output = dtype_arg(kwargs.get("output_dtype")) or src.dtype
    if known(output) and output not in _GATHERB_ELEMENTS:
        _fail(_DTYPE, op, f"requires output_dtype to be {allowed}, but got {dtype_text(output)}")
    if offset is None:
        return UNKNOWN
    if offset.dtype != "UINT32":
        _fail(_DTYPE, op, f"requires offset dtype to be UINT32, but got {_dt(offset)}")
    if src.rank != 2:
        _fail(_RANK, op, f"requires a 2D src tile, but got rank {src.rank}")
    if offset.rank != 2:
        _fail(_RANK, op, f"requires a 2D offset tile, but got rank {offset.rank}")
    if is_runtime(offset.shape[1]):
        raise DeduceError("PTO-TD238", op=op.name)
    cols = _static(offset.shape[1])
    if cols is not None and (cols <= 0 or cols % 8):
        _fail(
            _EXTENT,
            op,
            f"requires offset columns to be a positive multiple of 8 (32-byte UINT32 row), but got {cols}",
        )
    return UNKNOWN


@family("paged_gather")
def _paged_gather(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """tensor.paged_gather(src, indices, block_table, block_size, size, max_indices, ...)."""
    src = _shaped(param(args, kwargs, 0, "src"))
    raw_indices, raw_table = param(args, kwargs, 1, "indices"), param(args, kwargs, 2, "block_table")
    indices, table = _shaped(raw_indices), _shaped(raw_table)
    if src is None:
        return UNKNOWN
    if src.dtype not in _PAGED_ELEMENTS:
        _fail(_DTYPE, op, f"requires src dtype in {{FP16, BF16, FP32, INT8}}, but got {_dt(src)}")
    if src.rank != 2:
        _fail(_RANK, op, f"requires 2D src, but got rank {src.rank}")
    for value, raw, name in ((indices, raw_indices, "indices"), (table, raw_table, "block_table")):
        require_kind(op, raw, "TensorType", name)
        if value is None:
            return UNKNOWN
        if value.dtype != "INT32":
            _fail(_DTYPE, op, f"requires {name} dtype to be INT32, but got {_dt(value)}")
        if value.rank not in (1, 2):
            _fail(_RANK, op, f"requires 1D or 2D {name}, but got rank {value.rank}")
        if value.rank == 2 and _static(value.shape[0]) not in (1, None):
            _fail(_EXTENT, op, f"requires 2D {name} to have shape [1, n], but got first dim {value.shape[0]}")
    for key, index in (("block_size", 3), ("size", 4)):
        number = _int(param(args, kwargs, index, key))
        if number is not None and number <= 0:
            _fail(_ATTR, op, f"requires {key} > 0, but got {number}")
    col_off = _int(kwargs.get("col_off"))
    if col_off is not None and col_off < 0:
        _fail(_ATTR, op, f"requires col_off >= 0, but got {col_off}")
    max_indices = _int(param(args, kwargs, 5, "max_indices"))
    if max_indices is not None and max_indices <= 0:
        _fail(_ATTR, op, f"requires max_indices > 0, but got {max_indices}")
    space = kwargs.get("space")
    if kwargs.get("is_trans") is True and isinstance(space, EnumValue) and space.member != "Mat":
        _fail(_ATTR, op, "requires space=MemorySpace::Mat (L1) when is_trans=true")
    size, cols = _int(param(args, kwargs, 4, "size")), _static(src.shape[1])
    if size is not None and cols is not None and (col_off or 0) + size > cols:
        _fail(_EXTENT, op, f"requires col_off + size ({(col_off or 0) + size}) <= src columns ({cols})")
    return UNKNOWN


@family("mscatter")
def _mscatter(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """tile.mscatter(src, idx, output_tensor): output_tensor[idx[i, j]] = src[i, j]."""
    src = _shaped(param(args, kwargs, 0, "src"))
    idx = _shaped(param(args, kwargs, 1, "idx"))
    out = param(args, kwargs, 2, "output_tensor")
    if src is None:
        return UNKNOWN
    if src.dtype not in _GATHER_ELEMENTS:
        _fail(_DTYPE, op, f"requires src dtype to be FP16, FP32, INT16, or INT32, but got {_dt(src)}")
    if idx is None:
        return UNKNOWN
    if idx.dtype != "INT32":
        _fail(_DTYPE, op, f"requires idx dtype to be INT32, but got {_dt(idx)}")
    if idx.rank != src.rank:
        _fail(_RANK, op, f"requires idx rank to match src rank ({src.rank}), but got {idx.rank}")
    for i, (a, b) in enumerate(zip(idx.shape, src.shape, strict=True)):
        x, y = _static(a), _static(b)
        if x is not None and y is not None and x != y:
            _fail(_EXTENT, op, f"requires idx shape to match src shape at dimension {i}, but got {x} vs {y}")
    require_kind(op, out, "TensorType or DistributedTensorType", "third argument")
    target = _shaped(out)
    if target is None or not isinstance(target, TensorType):
        return UNKNOWN
    if target.ranked and not target.shape:
        _fail(_RANK, op, "requires output_tensor to have at least 1 dimension (scalar not supported)")
    if target.dtype != src.dtype:
        _fail(_DTYPE, op, f"requires output_tensor dtype ({_dt(target)}) to match src dtype ({_dt(src)})")
    return target


@family("mgather")
def _mgather(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """tile.mgather(mem, idx, ...): the rows (or elements) of a GM tensor that idx selects."""
    from compiler.ops.registry import memory_of

    mem, idx = param(args, kwargs, 0, "mem"), _shaped(param(args, kwargs, 1, "idx"))
    require_kind(op, mem, "TensorType or DistributedTensorType", "mem")
    if isinstance(mem, TensorType) and mem.ranked and not mem.shape:
        _fail(_RANK, op, "requires mem to have at least one dimension")
    if not isinstance(mem, TensorType) or idx is None:
        return UNKNOWN
    memory = memory_of(kwargs.get("target_memory")) or "Vec"
    coalesce = param(args, kwargs, 2, "coalesce", "row")
    row = coalesce in ("row", 0) and not isinstance(coalesce, bool)
    elem = coalesce in ("elem", 1) and not isinstance(coalesce, bool)
    scratch, requested = kwargs.get("scratch"), kwargs.get("valid_shape")
    aliased = kwargs.get(SCRATCH_ALIAS) is True
    # The IR call's arguments: (mem, idx[, scratch][, valid_shape]).
    extra = [a for a in (scratch, requested) if a is not None]
    if memory == "Mat":
        return _mgather_mat(op, mem, idx, row, elem, scratch, requested, len(extra), aliased)
    if extra:
        _fail(_ATTR, op, "permits scratch only for Mat elem mode")
    if isinstance(idx, TensorType):
        # A Vec gather takes its indices from a tile (the CHECK names the mode it is in).
        raise DeduceError(
            "PTO-TD57", op=f"{op.name} with Vec output", position="idx", want="TileType", got="TensorType"
        )
    if idx.dtype != "INT32":
        _fail(_DTYPE, op, f"requires idx dtype to be INT32, but got {_dt(idx)}")
    if idx.rank != 2:
        _fail(_RANK, op, f"requires a 2D idx tile, but got rank {idx.rank}")
    if row and mem.ranked and mem.rank < 2:
        _fail(
            _RANK,
            op,
            f"row mode requires mem rank >= 2 so rows have an element dimension, but got rank {mem.rank}",
        )
    if elem:
        return TileType(idx.shape, mem.dtype, memory, _narrowed(idx.valid, idx.shape))
    if not (row and mem.ranked and mem.shape):
        return TileType(("?", "?"), mem.dtype, memory)
    # One row of the table per index: [R, the table's last dimension], R from a [1, R] or [R, 1] index tile.
    if any(is_runtime(d) for d in idx.shape):
        # Both extents must be ConstInts before the deducer can tell the row axis.
        raise DeduceError("PTO-TD234", op=op.name)
    first, second = _static(idx.shape[0]), _static(idx.shape[1])
    if first is not None and second is not None and first != 1 and second != 1:
        _fail(_EXTENT, op, f"row mode requires a [1, R] or [R, 1] idx shape, but got [{first}, {second}]")
    row_axis = 1 if first == 1 else 0 if second == 1 else None
    if row_axis is None:
        return TileType(("?", mem.shape[-1]), mem.dtype, memory)
    shape = (idx.shape[row_axis], mem.shape[-1])
    valid = (idx.valid[row_axis], mem.shape[-1]) if idx.valid else None
    return TileType(shape, mem.dtype, memory, _narrowed(valid, shape))


def _narrowed(valid: Sequence[Dim] | None, shape: tuple[Dim, ...]) -> tuple[Dim, ...] | None:
    """A valid region, or None when it is the whole shape."""
    if valid is None or tuple(valid) == tuple(shape):
        return None
    return tuple(valid)


def _mgather_mat(
    op: OpDef,
    mem: TensorType,
    idx: Shaped,
    row: bool,
    elem: bool,
    scratch: ArgValue,
    requested: ArgValue,
    extra: int,
    aliased: bool = False,
) -> ValueType:
    """DeduceTileMgatherType with Mat output: a GM INT32 [1, R] index tensor (row mode) or any 2D one with a
    GM scratch (elem mode), a static output whose rows are a multiple of 16 and cols fill 32-byte blocks."""
    # IsNdTensor: a layout the annotation names other than ND (an unknown one passes).
    if mem.layout not in (None, "ND"):
        _fail(_ATTR, op, "with Mat output requires mem to use ND tensor layout")
    if isinstance(idx, TileType):
        _fail(_ATTR, op, "with Mat output requires idx to be a GM TensorType, but got TileType")
    if isinstance(idx, TensorType) and idx.layout not in (None, "ND"):
        _fail(_ATTR, op, "with Mat output requires idx to use ND tensor layout")
    if idx.dtype != "INT32":
        _fail(_DTYPE, op, f"requires Mat idx dtype to be INT32, but got {_dt(idx)}")
    if idx.rank != 2:
        _fail(_RANK, op, f"requires a 2D Mat idx tensor, but got rank {idx.rank}")
    if not mem.ranked:
        return TileType(("?", "?"), mem.dtype, "Mat")
    if elem:
        if extra == 0:
            _fail(_ATTR, op, "Mat elem mode requires GM scratch and optionally accepts valid_shape")
        if aliased:
            _fail(_ATTR, op, "Mat elem scratch must not alias mem or idx; use a distinct GM tensor")
        work = _shaped(scratch)
        if scratch is None or isinstance(work, TileType) or kind_of(scratch) == "ScalarType":
            _fail(_ATTR, op, "Mat elem scratch must be a GM tensor")
        if work is None:
            return TileType(idx.shape, mem.dtype, "Mat")
        if work.dtype != mem.dtype:
            _fail(_DTYPE, op, "Mat elem scratch dtype must match mem dtype")
        if isinstance(work, TensorType) and work.layout not in (None, "ND"):
            _fail(_ATTR, op, "Mat elem scratch must be a contiguous ND tensor")
        shape: tuple[Dim, ...] = idx.shape
        # The output is the idx tensor's shape, then the scratch's, each walked for ConstInt extents.
        if any(is_runtime(d) for d in shape):
            raise DeduceError("PTO-TD235", op=op.name)
        if (
            all(isinstance(d, int) for d in shape)
            and any(is_runtime(d) for d in work.shape)
            and isinstance(work, TensorType)
            and work.layout == "ND"
            and work.stride is None
        ):
            # A plain annotation: no view strides, so the contiguity check before it passes.
            raise DeduceError("PTO-TD236", op=op.name)
        needed = static_numel(shape)
        have = static_numel(work.shape)
        if needed is not None and have is not None and have < needed:
            _fail(_EXTENT, op, f"Mat elem scratch requires at least {needed} elements, but got {have}")
    else:
        if not row:
            return TileType(("?", "?"), mem.dtype, "Mat")
        if extra == 2:
            _fail(_ATTR, op, "Mat row mode accepts only an optional valid_shape")
        if mem.rank < 2:
            _fail(_RANK, op, "Mat row mode requires mem rank >= 2")
        if _static(idx.shape[0]) not in (1, None):
            _fail(_EXTENT, op, "Mat row mode requires a [1, R] GM idx tensor")
        shape = (idx.shape[1], mem.shape[-1])
        if idx.shape[0] == 1 and any(is_runtime(d) for d in shape):
            # [R, mem's last extent] must be ConstInts (elem mode's output failed its own check before).
            raise DeduceError("PTO-TD237", op=op.name)
        if scratch is not None:
            # The scratch lands where the IR call keeps its optional valid_shape.
            _fail(_ATTR, op, "Mat valid_shape must be a MakeTuple of compile-time constants")
    rows, cols = _static(shape[0]), _static(shape[1])
    width = DTYPE_BITS.get(mem.dtype, 0) // 8
    if rows is not None and rows % 16 != 0:
        _fail(_EXTENT, op, "Mat output rows must be a multiple of 16")
    if cols is not None and width > 0 and cols % (32 // width) != 0:
        _fail(_EXTENT, op, f"Mat output cols must be a multiple of {32 // width}")
    valid: tuple[Dim, ...] | None = None
    if isinstance(requested, tuple | list):
        if len(requested) != len(shape):
            _fail(_RANK, op, f"Mat valid_shape must have rank {len(shape)}, but got {len(requested)}")
        for i, (v, d) in enumerate(zip(requested, shape, strict=True)):
            if isinstance(v, ScalarType) and v.node:
                _fail(_ATTR, op, f"Mat valid_shape element {i} must be a compile-time constant")
            physical = _static(d)
            if (
                isinstance(v, int)
                and not isinstance(v, bool)
                and physical is not None
                and not 0 < v <= physical
            ):
                _fail(
                    _EXTENT,
                    op,
                    f"requires 0 < Mat valid_shape[{i}] <= output_shape[{i}], but got {v} and {physical}",
                )
        valid = shape_arg(requested)
    return TileType(shape, mem.dtype, "Mat", _narrowed(valid, shape))


# ---------------------------------------------------------------------------------------------
# sort32 and mrgsort
# ---------------------------------------------------------------------------------------------


@family("sort32")
def _sort32(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """(value, index) pairs: the last dimension doubles, the dtype is the source's."""
    src = _shaped(param(args, kwargs, 0, "src"))
    idx = _shaped(param(args, kwargs, 1, "idx"))
    if src is None:
        return UNKNOWN
    if src.dtype not in _SORT_ELEMENTS:
        _fail(_DTYPE, op, f"requires src dtype to be FP16 or FP32, but got {_dt(src)}")
    if not src.shape:
        # A rank-0 tensor, or a rank-0 tile (a `pl.Tile[[], dtype]` parameter).
        _fail(_RANK, op, "requires non-empty input shape")
    last = src.shape[-1]
    if op.namespace == "tensor" and idx is not None:
        n = _static(last)
        if n is not None and (n <= 0 or n % 32):
            _fail(_EXTENT, op, f"requires the last dimension to be a positive multiple of 32, but got {n}")
        if idx.dtype != "UINT32":
            _fail(_DTYPE, op, f"requires idx dtype to be UINT32, but got {_dt(idx)}")
        if idx.rank != src.rank:
            _fail(_RANK, op, f"requires idx rank ({idx.rank}) to match src rank ({src.rank})")
        for i, (a, b) in enumerate(zip(src.shape, idx.shape, strict=True)):
            if isinstance(a, int) and isinstance(b, int) and a != b:
                _fail(_EXTENT, op, f"requires idx shape to match src shape at axis {i}")
    doubled: Dim = last * 2 if isinstance(last, int) else "?"
    return vec(src, (*src.shape[:-1], doubled))


@family("mrgsort")
def _mrgsort(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """Merge sort: one source keeps its shape; several concatenate along the last dimension."""
    names = ("src0", "src1", "src2", "src3")
    sources = [
        s for i, n in enumerate(names) if isinstance(s := param(args, kwargs, i, n), TensorType | TileType)
    ]
    if not sources:
        return UNKNOWN
    first = sources[0]
    kind = "tensors" if op.namespace == "tensor" else "tiles"
    if known(first.dtype) and first.dtype not in _SORT_ELEMENTS:
        _fail(_DTYPE, op, f"requires src dtype to be FP16 or FP32, but got {_dt(first)}")
    if not first.shape:
        if op.namespace == "tensor" and op.name.endswith("format2") and known(first.dtype):
            _fail(_RANK, op, "requires non-empty src shape")  # a rank-0 tensor
        return UNKNOWN
    if op.name.endswith("format1"):
        raw_len = param(args, kwargs, 1, "block_len", kwargs.get("block_len"))
        if isinstance(raw_len, ScalarType) and known(raw_len.dtype) and not is_int(raw_len.dtype):
            _fail(
                _DTYPE, op, f"requires block_len to be an integer type, but got {dtype_text(raw_len.dtype)}"
            )
        block_len = _int(raw_len)
        if block_len is not None and (block_len <= 0 or block_len % 64):
            _fail(_ATTR, op, f"requires block_len to be a positive multiple of 64, but got {block_len}")
        return vec(first, first.shape)
    for i, other in enumerate(sources[1:], start=1):
        if known(first.dtype) and known(other.dtype) and other.dtype != first.dtype:
            _fail(
                _DTYPE,
                op,
                f"requires all src {kind} to have matching dtype, but argument {i} has {_dt(other)} "
                f"(expected {_dt(first)})",
            )
        if op.namespace == "tensor" and other.rank != first.rank:
            _fail(_RANK, op, f"requires all src {kind} to have matching rank")
        if op.namespace == "tensor" and len(sources) == len(args):
            # Every axis but the last (the one the sources concatenate along) is shared.
            for axis, (a, b) in enumerate(zip(first.shape[:-1], other.shape[:-1], strict=True)):
                if isinstance(a, int) and isinstance(b, int) and a != b:
                    _fail(
                        _EXTENT,
                        op,
                        f"requires all src {kind} to match shape on non-concat axis {axis}, but argument {i} differs",
                    )
    tmp = kwargs.get("tmp")
    if op.namespace == "tile" and len(sources) == len(args) and isinstance(tmp, TensorType) and tmp.ranked:
        # The scratch tile follows the sources: the IR call's argument n_srcs.
        _fail(_ATTR, op, f"requires argument {len(sources)} (tmp) to be a TileType, but got {kind_of(tmp)}")
    lasts = [s.shape[-1] if s.shape else "?" for s in sources]
    total: Dim = sum(lasts) if all(isinstance(d, int) for d in lasts) else "?"  # type: ignore[arg-type]
    return vec(first, (*first.shape[:-1], total))


@family("gather_row")
def _gather_row(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> ValueType:
    """gather_row(acc, src, dst_offset, src_offset, shapes): rows of a GM tensor into the accumulator."""
    acc = param(args, kwargs, 0, "acc" if op.namespace == "tensor" else "dst")
    raw_src = param(args, kwargs, 1, "src")
    if op.namespace == "tile":
        require_kind(op, acc, "TileType", "dst")
    require_kind(op, raw_src, "TensorType (GM)", "src")
    src = _shaped(raw_src)
    first = _shaped(acc)
    if first is not None and src is not None and first.dtype != src.dtype:
        name = "acc" if op.namespace == "tensor" else "dst"
        _fail(_DTYPE, op, f"requires {name} and src to share dtype, but got {_dt(first)} and {_dt(src)}")
    if first is not None and src is not None:
        _gather_row_windows(op, args, kwargs)
    return acc if isinstance(acc, TensorType | TileType) else UNKNOWN


def _gather_row_windows(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """CheckGatherRowOperands (type_inference.cpp): constant shapes, a valid_shape of the shapes' rank with
    integer extents, static with transpose=True, and inside the window."""
    shapes, valid = param(args, kwargs, 4, "shapes"), kwargs.get("valid_shape")
    check_gather_row_shapes(op.name, shapes)
    if not isinstance(shapes, tuple | list) or not isinstance(valid, tuple | list):
        return
    if len(valid) != len(shapes):
        _fail(
            _RANK,
            op,
            f"requires valid_shape to have the same rank as shapes ({len(shapes)}), but got rank {len(valid)}",
        )
    for i, item in enumerate(valid):
        dtype = "FP32" if isinstance(item, float) else item.dtype if isinstance(item, ScalarType) else None
        if dtype is not None and is_float(dtype):
            _fail(
                _DTYPE, op, f"requires valid_shape[{i}] to be an integer extent, but got {dtype_text(dtype)}"
            )
    check_gather_row_valid(op.name, shapes, valid, param(args, kwargs, 5, "transpose") is True)
