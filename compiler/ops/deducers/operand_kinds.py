"""The operand-kind CHECKs that open upstream's tile deducers: ``CHECK(As<TileType>(args[i]))``.

Each explicitly namespaced tile op (``pl.tile.matmul``, ``pl.tile.scatter``, ...) hands its operands to the IR
builder as they are, so a tensor where the op takes a tile reaches the deducer, which stops at its first such
CHECK. The table gives, per op, the operands it checks in the deducer's order and the sentence it words the
check with (the deducers were written by several hands: ``tile_ops/matmul.cpp``, ``scatter.cpp``,
``transform.cpp`` ...). Ops whose family deducer checks kinds itself are not listed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from compiler.ops.deducers.core import DeduceError, kind_of, opening_check, param
from compiler.ops.opdef import OpDef
from compiler.types import ArgValue, TileType

# The sentence of each deducer's CHECK (catalog codes).
OPERATOR = "PTO-TD57"  # The operator tile.matmul requires first argument to be a TileType, but got TensorType
BARE = "PTO-TD93"  # tile.read requires first argument to be a TileType, but got TensorType
NO_GOT = "PTO-TD57b"  # The operator tile.matmul_mx requires lhs_scale to be a TileType
COLON = "PTO-TD93b"  # tile.concat: src0 must be TileType, got TensorType
COLON_BUT = "PTO-TD93c"  # tile.transpose: first argument (input) must be TileType, but got TensorType


@dataclass(frozen=True)
class KindCheck:
    """One ``CHECK(As<TileType>(args[index]))`` and its words."""

    index: int
    name: str  # the builder's parameter (a keyword argument of the call)
    position: str  # how the message names it
    code: str = OPERATOR


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
        KindCheck(1, "lhs", "second argument (lhs)"),
        KindCheck(2, "rhs", "third argument (rhs)"),
    ),
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


@opening_check
def check_tile_operands(op: OpDef, args: Sequence[ArgValue], kwargs: Mapping[str, ArgValue]) -> None:
    """Raise the deducer's first operand-kind error for a known non-tile operand of a listed tile op."""
    for check in TILE_OPERANDS.get(op.name, ()):
        value = param(args, kwargs, check.index, check.name)
        got = kind_of(value)
        if got is None or isinstance(value, TileType):
            continue
        fields = {"op": op.name, "position": check.position, "want": "TileType"}
        raise (
            DeduceError(check.code, **fields)
            if check.code == NO_GOT
            else DeduceError(check.code, **fields, got=got)
        )
