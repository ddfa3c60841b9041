"""The surface IR: immutable nodes built by the front end, each with its exact source Span."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.source import Span
from compiler.types import ValueType


# ---------------------------------------------------------------- expressions
@dataclass(frozen=True, slots=True)
class Name:
    """A variable reference."""

    id: str
    span: Span


@dataclass(frozen=True, slots=True)
class Const:
    """A literal, or a module constant folded to its value."""

    value: int | float | bool | str | None
    span: Span


@dataclass(frozen=True, slots=True)
class Attribute:
    """A dotted name that is not a call, e.g. `pl.FP32` or `pl.SplitMode.UP_DOWN`."""

    dotted: str
    span: Span


@dataclass(frozen=True, slots=True)
class Keyword:
    """A `name=value` call argument."""

    name: str
    value: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Call:
    """A call; `func` is the dotted callee text (`pl.matmul`, `self.kernel`, `helper`)."""

    func: str
    args: tuple[Expr, ...]
    keywords: tuple[Keyword, ...]
    span: Span
    func_span: Span
    star_kwargs: bool = False

    def kwarg(self, name: str) -> Expr | None:
        """The value of a keyword argument, if given."""
        for kw in self.keywords:
            if kw.name == name:
                return kw.value
        return None


@dataclass(frozen=True, slots=True)
class Subscript:
    """`value[index]`."""

    value: Expr
    index: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class SliceExpr:
    """`lower:upper:step` inside a subscript."""

    lower: Expr | None
    upper: Expr | None
    step: Expr | None
    span: Span


@dataclass(frozen=True, slots=True)
class BinOp:
    """Arithmetic on scalars (or tensors, which the parser maps to ops)."""

    op: str
    left: Expr
    right: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class UnaryOp:
    """`-x`, `not x`."""

    op: str
    operand: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Compare:
    """`a < b` (chains are folded pairwise)."""

    op: str
    left: Expr
    right: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class BoolOp:
    """`a and b`."""

    op: str
    values: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class TupleExpr:
    """`(a, b)`."""

    elts: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class ListExpr:
    """`[a, b]`."""

    elts: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Comprehension:
    """A list comprehension's shape, as the parser's deps= unrolling reads it before it evaluates anything."""

    generators: int
    target: str  # the loop name; "" when the target is not a single name
    iter_names: frozenset[str]  # the names the iterable reads
    filter_names: frozenset[str]  # the names the `if` clauses read
    iter_call: str  # the dotted callee of an iterable `f(<int literals>)`; "" otherwise
    # What Python's list() on a literal iterable gives: "" a sequence of ints (or not a literal), "not:<type>" a
    # value that is not iterable, "item:<type>" the first item that is not an int.
    iter_fault: str
    reads: frozenset[str]  # every name the comprehension reads (its element too)


@dataclass(frozen=True, slots=True)
class Opaque:
    """An expression form the DSL does not support (lambda, comprehension, ...)."""

    kind: str
    span: Span
    static: bool = False  # an f-string without conversions or format specs, a comprehension over no pl.* call
    # A dict literal's string-keyed entries (a call site's `attrs={...}`); not walked as reads.
    entries: tuple[tuple[str, Expr], ...] = ()
    # A dict literal's other keys: the text of each key that is not a string literal, "**" for an unpacking.
    other_keys: tuple[tuple[str, Span], ...] = ()
    comp: Comprehension | None = None  # a list comprehension's shape


Expr = (
    Name
    | Const
    | Attribute
    | Call
    | Subscript
    | SliceExpr
    | BinOp
    | UnaryOp
    | Compare
    | BoolOp
    | TupleExpr
    | ListExpr
    | Opaque
)


# ---------------------------------------------------------------- statements
@dataclass(frozen=True, slots=True)
class Assign:
    """`target = value` (target: Name, Subscript such as `out[:]`, or a tuple of names)."""

    targets: tuple[Expr, ...]
    value: Expr
    span: Span
    annotation: Expr | None = None
    declared: ValueType | None = None  # a type the value takes whatever it is typed as (inline parameters)


@dataclass(frozen=True, slots=True)
class ExprStmt:
    """A bare expression statement, usually an op call with effects."""

    value: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class For:
    """`for target in pl.<kind>(...)`; kind is range/parallel/unroll/pipeline/while_/spmd/split_aiv."""

    target: Expr
    iter: Call
    kind: str
    body: tuple[Stmt, ...]
    span: Span
    header: Span


@dataclass(frozen=True, slots=True)
class While:
    """`while cond:`."""

    test: Expr
    body: tuple[Stmt, ...]
    span: Span
    header: Span


@dataclass(frozen=True, slots=True)
class If:
    """`if test: ... else: ...`."""

    test: Expr
    body: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...]
    span: Span
    header: Span


@dataclass(frozen=True, slots=True)
class With:
    """`with pl.<kind>(...)`; kind is at/cluster/spmd/manual_scope/incore/other."""

    call: Call
    kind: str
    body: tuple[Stmt, ...]
    span: Span
    header: Span
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Return:
    """`return value`."""

    value: Expr | None
    span: Span


@dataclass(frozen=True, slots=True)
class Simple:
    """`pass`, `break` or `continue`."""

    kind: str
    span: Span


Stmt = Assign | ExprStmt | For | While | If | With | Return | Simple


# ---------------------------------------------------------------- definitions
@dataclass(frozen=True, slots=True)
class Param:
    """A function parameter with its resolved type and direction (In / Out / InOut)."""

    name: str
    span: Span
    type: ValueType
    direction: str = "In"
    default: Expr | None = None  # the default value's expression (inline helpers bind it when omitted)


@dataclass(frozen=True, slots=True)
class Function:
    """A DSL function: `@pl.function`, `@pl.jit*` or `@pl.inline`."""

    name: str
    decorator: str  # "function", "jit", "jit.incore", "jit.inline", "jit.host", "inline", ...
    func_type: str  # Opaque, InCore, Orchestration, AIC, AIV, Group, Spmd, Inline, Host, ...
    params: tuple[Param, ...]
    body: tuple[Stmt, ...]
    span: Span
    header: Span
    program: str | None = None
    attrs: tuple[tuple[str, object], ...] = ()
    return_type: ValueType | None = None
    closure: frozenset[str] = frozenset()  # names of the enclosing factory function, defined at call time
    strict_ssa: bool = False  # `@pl.function(strict_ssa=True)`: every name is assigned once per scope
    auto_scope: bool = True  # `auto_scope=False`: the author places the AUTO runtime scopes
    level: str | None = None  # `level=pl.Level.X` of @pl.function: "X" as written, "?" unread, None absent

    def attr(self, name: str, default: object = None) -> object:
        """Look up a function attribute from `attrs={...}`."""
        for key, value in self.attrs:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class Program:
    """A `@pl.program` class."""

    name: str
    functions: tuple[Function, ...]
    span: Span
    header: Span


@dataclass(frozen=True, slots=True)
class Module:
    """One analysed file: its programs, free functions and folded constants."""

    programs: tuple[Program, ...]
    functions: tuple[Function, ...]
    constants: tuple[tuple[str, object], ...] = field(default=())
    env_key: tuple[tuple[str, str], ...] = ()  # printable form of the constants, for cache keys

    def all_functions(self) -> tuple[Function, ...]:
        """Free functions and every program member, in source order."""
        out = list(self.functions)
        for program in self.programs:
            out.extend(program.functions)
        return tuple(sorted(out, key=lambda f: f.span.line))
