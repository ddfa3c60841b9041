"""The evaluator's bounds: sizes, lengths and depths of values, and the step budget of one evaluation.

A value's size counts its elements through nesting and sharing (`[A] * 100` counts `A` a hundred times),
so walking it (comparing, hashing, freezing, printing) costs at most its size; creating or walking a value
is charged to the evaluation's step budget.
"""

from __future__ import annotations

import math
from collections.abc import Container

from compiler.evaluator.values import UNKNOWN_VALUE, BoundMethod, Record, contains_unknown

MAX_INT_BITS = 4096  # ~1,200 decimal digits: far beyond any shape, far below Python's str() limit
MAX_LEN = 10_000  # strings, tuples, lists, dicts and range() lengths
MAX_SIZE = 100_000  # elements of one value, counted through nesting and sharing
MAX_DEPTH = 48  # nesting levels of one value
MAX_EXPORT_SIZE = 250_000  # elements of all the values one evaluation hands to the front end
MAX_CALL_DEPTH = 24
MODULE_STEPS = 100_000  # budget of one module's evaluation (pypto-lib's largest config module needs ~22,000)
EXPR_STEPS = 20_000  # budget of one expression folded on its own
ELEMENTS_PER_STEP = 16  # walking or copying this many elements costs one step (a step is ~4 us)
_CHARS_PER_ELEMENT = 16  # a string counts one element per this many characters


class StepsExhausted(Exception):
    """The step budget of an evaluation ran out (the pipeline's time budgets are `compiler.budget`)."""


class Raised(Exception):
    """User code raised: a `raise` statement, or an operation Python itself rejects (`X /= 0`). `kind` is
    the exception's class when known (it picks the `except` clause that handles it)."""

    def __init__(self, kind: type[BaseException] | None = None, explicit: str | None = None) -> None:
        super().__init__(kind.__name__ if kind is not None else "an exception")
        self.kind = kind
        self.explicit = explicit  # a `raise` statement's Python words (`ValueError: bad TP`), when known


class Unmodelled(Exception):
    """What the evaluator does not compute: a value past a bound, a cycle, an unknown operand. Python might
    well succeed here, so the value (or the statement's effect) is unknown, never an error."""


def measure(
    value: object,
    limit: int = MAX_SIZE,
    avoid: object = None,
    lost: Container[int] = (),
    sizes: dict[int, int] | None = None,
) -> tuple[int, int]:
    """(size, work): the elements of a value counted through nesting and sharing, and the cost of walking
    it (elements seen, a container counting as _CONTAINER_WORK). Unmodelled past `limit` elements or MAX_DEPTH
    levels, on a cycle, or when `avoid` (a container) or a container whose id is in `lost` is inside.
    `sizes` (container id -> size) may be shared by several calls over values that do not change."""
    sizer = _Sizer(limit, avoid, lost, {} if sizes is None else sizes)  # shared containers: walked once
    size = sizer.walk(value, 0)
    if size > limit:
        raise Unmodelled
    return size, sizer.work


class _Sizer:
    """`measure`'s walk (an object, not a closure: a recursive closure is a cycle that only a collection
    frees, with all it holds)."""

    __slots__ = ("active", "avoid", "limit", "lost", "sizes", "work")

    def __init__(self, limit: int, avoid: object, lost: Container[int], sizes: dict[int, int]) -> None:
        self.limit, self.avoid, self.lost, self.sizes = limit, avoid, lost, sizes
        self.active: set[int] = set()
        self.work = 0

    def walk(self, item: object, depth: int) -> int:
        """The size of one item (see `measure`)."""
        if item is self.avoid and self.avoid is not None:
            raise Unmodelled
        children = _children(item)
        if children is None:
            return _atom_size(item)
        key = id(item)
        known = self.sizes.get(key)
        if known is not None:
            return known
        if key in self.active or depth > MAX_DEPTH or key in self.lost:
            raise Unmodelled
        self.active.add(key)
        self.work += _CONTAINER_WORK + len(children)
        total = 1
        limit = self.limit
        for child in children:
            kind = type(child)
            if kind in _ATOMS:
                total += 1
            elif kind is int:
                total += 1 + child.bit_length() // 256  # type: ignore[attr-defined]
            elif kind is str:
                total += 1 + len(child) // _CHARS_PER_ELEMENT  # type: ignore[arg-type]
            else:
                total += self.walk(child, depth + 1)
            if total > limit:
                raise Unmodelled
        self.active.discard(key)
        self.sizes[key] = total
        return total


_ATOMS = frozenset({bool, float, type(None)})
_CONTAINER_WORK = 8  # visiting a container costs about as much as this many atoms


def _atom_size(item: object) -> int:
    if isinstance(item, str | bytes):
        return 1 + len(item) // _CHARS_PER_ELEMENT
    if isinstance(item, int) and not isinstance(item, bool):
        return 1 + item.bit_length() // 256
    return 1


def _children(value: object) -> tuple[object, ...] | list[object] | None:
    if isinstance(value, list | tuple):
        return value
    if isinstance(value, dict):
        return [*value.keys(), *value.values()]
    if isinstance(value, Record):
        return tuple(v for _, v in value.fields)
    if isinstance(value, BoundMethod):
        return (value.obj,)
    return None


def is_scalar(value: object) -> bool:
    """A value that walking costs nothing (no elements, short text)."""
    return (
        value is None
        or isinstance(value, bool | float)
        or (isinstance(value, int) and value.bit_length() <= 256)
        or (isinstance(value, str) and len(value) < _CHARS_PER_ELEMENT)
    )


def freeze(value: object, limit: int = MAX_SIZE, unknown: Container[int] | None = None) -> object:
    """A value as record fields and the front end hold it: immutable (lists become tuples, sharing kept),
    acyclic and within `limit` elements, else UNKNOWN_VALUE. Containers whose id is in `unknown` (their
    content was lost) become UNKNOWN_VALUE."""
    if is_scalar(value):
        return value
    try:
        measure(value, limit)
    except Unmodelled:
        return UNKNOWN_VALUE
    return frozen_copy(value, unknown)


def frozen_copy(value: object, unknown: Container[int] | None = None) -> object:
    """`freeze` of a value already measured (bounded and acyclic)."""
    return _frozen(value, unknown, {})


def _frozen(item: object, unknown: Container[int] | None, done: dict[int, object]) -> object:
    """`frozen_copy` of one item (`done`: the copies made so far, by id of the original)."""
    key = id(item)
    if unknown and key in unknown:
        return UNKNOWN_VALUE
    if not isinstance(item, list | tuple):
        return item
    if key in done:
        return done[key]
    items: list[object] = []
    changed = isinstance(item, list)
    for child in item:
        if type(child) in _SEQUENCES or (unknown and id(child) in unknown):
            copy = _frozen(child, unknown, done)
            changed = changed or copy is not child
            items.append(copy)
        else:
            items.append(child)
    out = tuple(items) if changed else item
    done[key] = out
    return out


_SEQUENCES = frozenset({list, tuple})


# ---------------------------------------------------------------- size checks
def check_len(n: int) -> None:
    if n > MAX_LEN:
        raise Unmodelled


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_pow(base: object, exp: object) -> None:
    if is_int(base) and is_int(exp):
        assert isinstance(base, int) and isinstance(exp, int)
        if exp < 0 or abs(base) <= 1:
            if exp < 0 and abs(base) > 1 and exp < -MAX_INT_BITS:
                raise Unmodelled
            return
        if exp * math.log2(abs(base)) > MAX_INT_BITS:
            raise Unmodelled
    elif isinstance(base, int | float) and isinstance(exp, int | float) and abs(float(exp)) > 1e6:
        raise Unmodelled


def check_shift(left: object, right: object) -> None:
    if is_int(left) and is_int(right):
        assert isinstance(left, int) and isinstance(right, int)
        if right > MAX_INT_BITS or left.bit_length() + right > MAX_INT_BITS:
            raise Unmodelled


def check_mult(left: object, right: object) -> None:
    if is_int(left) and is_int(right):
        assert isinstance(left, int) and isinstance(right, int)
        if left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise Unmodelled
    for seq, n in ((left, right), (right, left)):
        if isinstance(seq, str | tuple | list) and isinstance(n, int) and len(seq) * max(n, 0) > MAX_LEN:
            raise Unmodelled


def check_add(left: object, right: object) -> None:
    if isinstance(left, str | tuple | list) and isinstance(right, str | tuple | list):
        check_len(len(left) + len(right))


def bounded(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        return UNKNOWN_VALUE
    return value


def spec_too_wide(spec: str) -> bool:
    digits = "".join(ch if ch.isdigit() else " " for ch in spec).split()
    return any(len(d) > 3 for d in digits)


def same_value(a: object, b: object) -> bool:
    if a is b:
        return True
    if contains_unknown(a) or contains_unknown(b):
        return False
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:
        return False


def hashable(value: object) -> object:
    """A (bounded) value usable as a dict key, as Python decides it (Raised for a list or a dict)."""
    try:
        hash(value)
    except TypeError as exc:
        raise Raised(TypeError) from exc
    return value
