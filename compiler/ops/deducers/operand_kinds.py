"""The operand-kind CHECKs that open upstream's deducers: ``CHECK(As<TileType>(args[i]))`` of the explicit tile
ops and ``CHECK(As<TensorType>(args[i]))`` of the explicit tensor ops.

An explicitly namespaced op (``pl.tile.matmul``, ``pl.tensor.read``, ...) hands its operands to the IR builder
as they are, so a tensor where a tile op takes a tile (or a tile where a tensor op takes a tensor) reaches the
deducer, which stops at its first such CHECK. The tables give, per op, the operands it checks in the deducer's
order and the sentence it words the check with (the deducers were written by several hands:
``tile_ops/matmul.cpp``, ``scatter.cpp``, ``tensor_ops/memory.cpp`` ...). Ops whose family deducer checks kinds
itself are not listed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from compiler.ops.deducers.core import DeduceError, kind_of, opening_check, param
from compiler.ops.opdef import OpDef
from compiler.types import ArgValue, TileType, is_runtime

# The sentence of each deducer's CHECK (catalog codes).
OPERATOR = "PTO-TD57"  # The operator tile.matmul requires first argument to be a TileType, but got TensorType
BARE = "PTO-TD93"  # tile.read requires first argument to be a TileType, but got TensorType
NO_GOT = "PTO-TD57b"  # The operator tile.matmul_mx requires lhs_scale to be a TileType
COLON = "PTO-TD93b"  # tile.concat: src0 must be TileType, got TensorType
COLON_BUT = "PTO-TD93c"  # tile.transpose: first argument (input) must be TileType, but got TensorType
UNSPACED = "PTO-TD154"  # tensor.expand_clonerequires first argument to be a TensorType, but got TileType
TENSOR = "TensorType"
TENSOR_OR_DIST = "TensorType or DistributedTensorType"


@dataclass(frozen=True)
class KindCheck:
    """One ``CHECK(As<TileType>(args[index]))`` and its words."""

    index: int
    name: str  # the builder's parameter (a keyword argument of the call)
    position: str  # how the message names it
    code: str = OPERATOR
    want: str = "TileType"  # the kind the CHECK wants, as it words it


def _ordinal(*names: str, code: str = OPERATOR, labelled: bool = False) -> tuple[KindCheck, ...]:
    """Operands checked in order and named "first argument", "second argument (rhs)" ..."""
    words = ("first", "second", "third", "fourth", "fifth")
    return tuple(
        KindCheck(i, n, f"{words[i]} argument" + (f" ({n})" if labelled else ""), code)
        for i, n in enumerate(names)
    )


def _named(*names: str, code: str = OPERATOR, start: int = 0) -> tuple[KindCheck, ...]:
    """Operands checked in order and named by their parameter ("src", "offset")."""
    return tuple(KindCheck(start + i, n, n, code) for i, n in enumerate(names))


TILE_OPERANDS: Mapping[str, tuple[KindCheck, ...]] = {
    # tile_ops/matmul.cpp
    "tile.matmul": _ordinal("lhs", "rhs"),
    "tile.batch_matmul": _ordinal("lhs", "rhs"),
    "tile.gemv": _ordinal("lhs", "rhs"),
    "tile.matmul_acc": (
        KindCheck(0, "acc", "first argument (acc)"),
        KindCheck(1, "lhs", "second argument (lhs)"),
        KindCheck(2, "rhs", "third argument (rhs)"),
    ),
    "tile.gemv_acc": (KindCheck(0, "acc", "first argument (acc)"),),
    # tile_ops/batch_matmul.cpp
    "tile.batch_matmul_acc": (
        KindCheck(0, "acc", "first argument (acc)"),
        KindCheck(1, "lhs", "second argument (lhs)"),
        KindCheck(2, "rhs", "third argument (rhs)"),
    ),
    # tile_ops/broadcast.cpp: the optional scratch tile
    "tile.row_expand_add": (KindCheck(2, "tmp", "optional third argument tmp"),),
    "tile.matmul_bias": _ordinal("lhs", "rhs", "bias", labelled=True),
    "tile.gemv_bias": _ordinal("lhs", "rhs", "bias", labelled=True),
    # tile_ops/matmul_mx.cpp: (lhs, lhs_scale, rhs, rhs_scale[, bias]); the scales' CHECK prints no type
    "tile.matmul_mx": (
        KindCheck(0, "lhs", "lhs"),
        KindCheck(1, "lhs_scale", "lhs_scale", NO_GOT),
        KindCheck(2, "rhs", "rhs"),
        KindCheck(3, "rhs_scale", "rhs_scale", NO_GOT),
    ),
    "tile.matmul_mx_acc": (
        KindCheck(1, "lhs", "lhs"),
        KindCheck(2, "lhs_scale", "lhs_scale", NO_GOT),
        KindCheck(3, "rhs", "rhs"),
        KindCheck(4, "rhs_scale", "rhs_scale", NO_GOT),
    ),
    "tile.matmul_mx_bias": (
        KindCheck(0, "lhs", "lhs"),
        KindCheck(1, "lhs_scale", "lhs_scale", NO_GOT),
        KindCheck(2, "rhs", "rhs"),
        KindCheck(3, "rhs_scale", "rhs_scale", NO_GOT),
        KindCheck(4, "bias", "bias"),
    ),
    # tile_ops/elementwise.cpp: the two-tile ops that take no scalar form
    "tile.maximum": _ordinal("lhs", "rhs"),
    "tile.minimum": _ordinal("lhs", "rhs"),
    "tile.expands": _ordinal("target"),
    # tile_ops/memory.cpp
    "tile.move": _ordinal("tile"),
    "tile.read": _ordinal("tile", code=BARE),
    "tile.write": _ordinal("tile", code=BARE),
    "tile.set_validshape": _ordinal("tile", code=BARE),
    "tile.fillpad": _ordinal("tile"),
    "tile.fillpad_inplace": _ordinal("tile"),
    "tile.fillpad_expand": _ordinal("tile"),
    "tile.mscatter": _ordinal("src", "idx"),
    # tile_ops/gather.cpp, sort.cpp, scatter.cpp
    "tile.gather": _ordinal("src", "indices"),
    "tile.gather_mask": _ordinal("src"),
    "tile.gather_compare": _named("src"),
    "tile.gatherb": _named("src", "offset"),
    "tile.sort32": _ordinal("src", "idx"),
    "tile.mrgsort_format1": (KindCheck(0, "src", "argument 0"),),
    "tile.mrgsort_format2": (KindCheck(0, "src0", "argument 0"), KindCheck(1, "src1", "argument 1")),
    "tile.scatter": (
        KindCheck(0, "dst", "dst"),
        KindCheck(1, "src", "src"),
        KindCheck(2, "indexes", "indexes"),
    ),
    "tile.scatter_mask": _named("dst", "src"),
    # tile_ops/transform.cpp
    "tile.slice": _ordinal("tile", code=BARE),
    "tile.reshape": _ordinal("tile", code=BARE),
    "tile.extract": _named("src", code=BARE),
    "tile.reinterpret_view": _named("data", code=BARE),
    "tile.transpose_view": _named("input", code=BARE),
    "tile.assemble": (
        KindCheck(0, "target", "first argument (target)", BARE),
        KindCheck(1, "source", "second argument (source)", BARE),
    ),
    "tile.transpose": (KindCheck(0, "input", "first argument (input)", COLON_BUT),),
    "tile.concat": _named("src0", "src1", code=COLON),
    "tile.scatter_update": _named("input", code=COLON),
}


def _tensor(
    index: int, name: str, position: str, code: str = BARE, want: str = TENSOR
) -> tuple[KindCheck, ...]:
    """One tensor operand checked with As<TensorType> (a DistributedTensor passes too)."""
    return (KindCheck(index, name, position, code, want),)


_FIRST_ARGUMENT_CHECKED = (
    ("read", "tensor"), ("write", "tensor"), ("dim", "tensor"), ("reshape", "input"), ("transpose", "input"),
    ("set_validshape", "tensor"), ("fillpad", "input"), ("fillpad_expand", "input"),
)  # fmt: skip
# The explicit tensor ops given a tile (tensor_ops/*.cpp): the first operand each deducer checks.
TENSOR_OPERANDS: Mapping[str, tuple[KindCheck, ...]] = {
    **{f"tensor.{n}": _tensor(0, p, "first argument") for n, p in _FIRST_ARGUMENT_CHECKED},
    "tensor.slice": _tensor(0, "input", "first argument", want=TENSOR_OR_DIST),
    "tensor.assemble": _tensor(0, "target", "first argument", want=TENSOR_OR_DIST),
    "tensor.matmul": (*_tensor(0, "lhs", "first argument"), *_tensor(1, "rhs", "second argument")),
    "tensor.matmul_acc": (
        *_tensor(0, "acc", "first argument (acc)"),
        *_tensor(1, "lhs", "second argument (lhs)"),
        *_tensor(2, "rhs", "third argument (rhs)"),
    ),
    "tensor.reinterpret_view": _tensor(0, "data", "data"),
    "tensor.expand_clone": (
        *_tensor(0, "input", "first argument", UNSPACED),
        *_tensor(1, "target", "second argument", UNSPACED),
    ),
    "tensor.expands": _tensor(0, "target", "first argument", OPERATOR),
    "tensor.sort32": (
        *_tensor(0, "src", "first argument", OPERATOR),
        *_tensor(1, "idx", "second argument", OPERATOR),
    ),
    "tensor.paged_gather": _tensor(0, "src", "src", OPERATOR),
    "tensor.gather": (*_tensor(0, "input", "input", OPERATOR), *_tensor(2, "index", "index", OPERATOR)),
    "tensor.gather_compare": _tensor(0, "input", "input", OPERATOR),
    "tensor.gather_mask": _tensor(0, "input", "input", OPERATOR),
    "tensor.scatter_mask": _tensor(0, "input", "input", OPERATOR),
    "tensor.gather_row": _tensor(0, "acc", "acc", OPERATOR, "TensorType (from tensor.create_l1)"),
    "tensor.mrgsort_format1": _tensor(0, "src", "argument 0", OPERATOR),
    "tensor.mrgsort_format2": _tensor(0, "src0", "argument 0", OPERATOR),
    "tensor.concat": _tensor(0, "src0", "src0", COLON),
    "tensor.scatter_update": _tensor(0, "input", "input", COLON),
    "tensor.view": _tensor(0, "input", "src", COLON, TENSOR_OR_DIST),
}


@opening_check
def check_tile_operands(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """Raise the deducer's first operand-kind error for a known non-tile operand of a listed tile op."""
    checks = TILE_OPERANDS.get(op.name, ())
    runtime_k = op.name in _MX_OPS and _runtime_k(checks, args, kwargs)
    for check in checks:
        value = param(args, kwargs, check.index, check.name)
        got = kind_of(value)
        if got is None or isinstance(value, TileType):
            continue
        if check.code == NO_GOT and runtime_k:
            continue  # the MX deducer checks the scales after the K extents (matmul._mx_scale_kinds)
        fields = {"op": op.name, "position": check.position, "want": check.want}
        raise (
            DeduceError(check.code, **fields)
            if check.code == NO_GOT
            else DeduceError(check.code, **fields, got=got)
        )


# The MX matmuls: their scale checks (NO_GOT) wait for the K extents when one is a runtime extent.
_MX_OPS = frozenset(name for name, checks in TILE_OPERANDS.items() if any(c.code == NO_GOT for c in checks))


def _runtime_k(checks: Sequence[KindCheck], args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> bool:
    """An MX matmul whose lhs or rhs tile has a runtime K extent (lhs [M, K], rhs [K, N])."""
    for check in checks:
        if check.name not in ("lhs", "rhs"):
            continue
        value = param(args, kwargs, check.index, check.name)
        if (
            isinstance(value, TileType)
            and value.rank == 2
            and is_runtime(value.shape[0 if check.name == "rhs" else 1])
        ):
            return True
    return False


@opening_check
def check_tensor_operands(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """Raise the deducer's operand-kind error for a tile where a listed tensor op takes a tensor."""
    for check in TENSOR_OPERANDS.get(op.name, ()):
        value = param(args, kwargs, check.index, check.name)
        if isinstance(value, TileType):
            raise DeduceError(
                check.code, op=op.name, position=check.position, want=check.want, got="TileType"
            )
