"""Value types of the DSL: tensors in GM, tiles on chip, scalars."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.vocabulary import DTYPE_BITS, DTypeValue, EnumValue

# A dimension is a static int or a symbolic name (pl.dynamic, unresolved constant).
Dim = int | str


class RuntimeText(str):
    """The source text of a runtime extent that PythonPrint may write otherwise (a @pl.jit scalar the specializer
    bakes in, a pl.tensor.dim result the parser folds onto a symbol): a message may quote it, a check that needs
    the compiler's own spelling does not use it."""

    __slots__ = ()


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
    # Typed by a parameter annotation read in full: `valid` None then means it carries no valid_shape at all.
    annotated: bool = field(default=False, compare=False)
    # An annotation's pl.TensorView valid_shape when its rank is not the shape's (the parser keeps it as written;
    # `valid` is then unknown); None: no such mismatch.
    written_valid: tuple[Dim, ...] | None = field(default=None, compare=False)
    # The axes whose annotated valid extent is a non-integer scalar parameter (the parser keeps it as written).
    valid_float_axes: tuple[int, ...] = field(default=(), compare=False)

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
    # The Mat view a tile.load surely gave it, as blayout/slayout/fractal: "row/row/32" or "col/col/32" from an
    # MX_A_ZZ / MX_B_NN tensor, "" (no MX scale view) from a tensor of another known layout; None: not known.
    mx_view: str | None = field(default=None, compare=False)

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
    # The name an op argument spells it with when it is a plain name (what PythonPrint writes for its Var); ""
    # otherwise, and "?" on a value whose name the parser may fold away (a pl.tensor.dim result).
    name: str = field(default="", compare=False)

    def render(self) -> str:
        """DSL-like text."""
        return f"Scalar[{self.dtype}]"


@dataclass(frozen=True, slots=True)
class ArrayType:
    """An on-core array: `pl.array.create(4, pl.INT32)`."""

    dtype: str

    def render(self) -> str:
        """DSL-like text."""
        return f"Array[{self.dtype}]"


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


ValueType = TensorType | TileType | ScalarType | ArrayType | TupleType | UnknownType
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
