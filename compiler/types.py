"""Value types of the DSL: tensors in GM, tiles on chip, scalars."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.vocabulary import DTYPE_BITS, DTypeValue, EnumValue

# A dimension is a static int or a symbolic name (pl.dynamic, unresolved constant).
Dim = int | str


class RuntimeDim(str):
    """A dimension that is surely a runtime variable (a `pl.dynamic` symbol): the compiler's extent is a Var,
    never a ConstInt. A plain str dimension may be a constant the evaluator could not fold."""

    __slots__ = ()


def is_runtime(dim: object) -> bool:
    """Whether a dimension is surely a runtime extent (not merely unknown)."""
    return isinstance(dim, RuntimeDim)


@dataclass(frozen=True, slots=True)
class TensorType:
    """A GM tensor: `pl.Tensor[[M, N], pl.FP16]`."""

    shape: tuple[Dim, ...]
    dtype: str
    distributed: bool = False
    ranked: bool = True  # False for a bare `pl.Tensor` annotation (a @pl.jit parameter typed at call time)
    # The valid extents set by pl.set_validshape (an int, or the text of a runtime value); None: the full box.
    valid: tuple[Dim, ...] | None = field(default=None, compare=False)
    # The TensorView layout (ND, DN, NZ, MX_A_ZZ, MX_B_NN) an annotation gives; None: unknown (a derived value).
    layout: str | None = field(default=None, compare=False)
    # The explicit static strides of a pl.TensorView annotation; None: none given, or not all static.
    stride: tuple[int, ...] | None = field(default=None, compare=False)

    @property
    def rank(self) -> int:
        """Number of dimensions."""
        return len(self.shape)

    def render(self) -> str:
        """DSL-like text."""
        if not self.ranked:
            return "Tensor"
        return f"Tensor[[{', '.join(map(str, self.shape))}], {self.dtype}]"


@dataclass(frozen=True, slots=True)
class TileType:
    """An on-chip tile: `pl.Tile[[M, N], pl.FP32, pl.Mem.Vec]`."""

    shape: tuple[Dim, ...]
    dtype: str
    memory: str | None = None
    # The valid extents set by pl.set_validshape (an int, or the text of a runtime value); None: the full box.
    valid: tuple[Dim, ...] | None = field(default=None, compare=False)
    # The block layout its producer surely gave it: col_major for a Vec load whose last extent is 1 and a row
    # reduction's [.., M, 1] result, the blayout= of a tile.move into Vec; None: not known (a tile.full or
    # tile.transpose of an [M, 1] shape is row_major, so the shape alone does not decide it).
    blayout: str | None = field(default=None, compare=False)

    @property
    def rank(self) -> int:
        """Number of dimensions."""
        return len(self.shape)

    def render(self) -> str:
        """DSL-like text."""
        mem = f", {self.memory}" if self.memory else ""
        return f"Tile[[{', '.join(map(str, self.shape))}], {self.dtype}{mem}]"

    def with_memory(self, memory: str | None) -> TileType:
        """The same tile in another memory space."""
        return TileType(self.shape, self.dtype, memory, self.valid)


@dataclass(frozen=True, slots=True)
class ScalarType:
    """A scalar value (index arithmetic, loop variables, constants)."""

    dtype: str = "INDEX"
    # The dtype is the one the parser gives the value (a literal, pl.read, a pl.Scalar[...] parameter, their
    # arithmetic), not the model's default: only an exact dtype may reject a write of it.
    exact: bool = field(default=False, compare=False)
    # The IR node an op argument reaches the deducer as (Type::TypeName of the expression: "Var" for a name,
    # "Add" / "Sub" / "Mul" for scalar arithmetic), when the front end knows it; "" otherwise.
    node: str = field(default="", compare=False)

    def render(self) -> str:
        """DSL-like text."""
        return f"Scalar[{self.dtype}]"


@dataclass(frozen=True, slots=True)
class TupleType:
    """The result of a multi-output op."""

    items: tuple[ValueType, ...]

    def render(self) -> str:
        """DSL-like text."""
        return "(" + ", ".join(t.render() for t in self.items) + ")"


@dataclass(frozen=True, slots=True)
class UnknownType:
    """A value we cannot type; never the cause of an error on its own."""

    def render(self) -> str:
        """DSL-like text."""
        return "?"


ValueType = TensorType | TileType | ScalarType | TupleType | UnknownType
UNKNOWN = UnknownType()
UNRANKED_TENSOR = TensorType((), "?", ranked=False)


def nbytes(shape: tuple[Dim, ...], dtype: str) -> int | None:
    """Static byte size of a shape, or None when a dimension is symbolic."""
    total = DTYPE_BITS.get(dtype, 32)
    for dim in shape:
        if not isinstance(dim, int):
            return None
        total *= dim
    return total // 8


# What the front end knows about one call argument when it asks the op registry to type a call:
# the value's type (tensor / tile / scalar), a folded Python literal, an enum or dtype constant,
# a list/tuple of those (shapes, offsets), or UNKNOWN when it cannot tell.
ArgValue = ValueType | EnumValue | DTypeValue | int | float | bool | str | None | tuple
