"""The evaluator's bounds: sizes, lengths and depths of values, and the step budget of one evaluation."""

from __future__ import annotations

import math

from compiler.evaluator.values import UNKNOWN_VALUE, contains_unknown

MAX_INT_BITS = 4096  # ~1,200 decimal digits: far beyond any shape, far below Python's str() limit
MAX_LEN = 10_000  # strings, tuples, lists, dicts and range() lengths
MAX_CALL_DEPTH = 24
MODULE_STEPS = 200_000  # budget of one module's evaluation (a config module needs a few thousand)
EXPR_STEPS = 20_000  # budget of one expression folded on its own


class StepsExhausted(Exception):
    """The step budget of an evaluation ran out (the pipeline's time budgets are `compiler.budget`)."""


class Raised(Exception):
    """User code reached `raise` (or an operation Python would reject): the value is unknown."""


# ---------------------------------------------------------------- size checks
def check_len(n: int) -> None:
    if n > MAX_LEN:
        raise Raised


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_pow(base: object, exp: object) -> None:
    if is_int(base) and is_int(exp):
        assert isinstance(base, int) and isinstance(exp, int)
        if exp < 0 or abs(base) <= 1:
            if exp < 0 and abs(base) > 1 and exp < -MAX_INT_BITS:
                raise Raised
            return
        if exp * math.log2(abs(base)) > MAX_INT_BITS:
            raise Raised
    elif isinstance(base, int | float) and isinstance(exp, int | float) and abs(float(exp)) > 1e6:
        raise Raised


def check_shift(left: object, right: object) -> None:
    if is_int(left) and is_int(right):
        assert isinstance(left, int) and isinstance(right, int)
        if right > MAX_INT_BITS or left.bit_length() + right > MAX_INT_BITS:
            raise Raised


def check_mult(left: object, right: object) -> None:
    if is_int(left) and is_int(right):
        assert isinstance(left, int) and isinstance(right, int)
        if left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise Raised
    for seq, n in ((left, right), (right, left)):
        if isinstance(seq, str | tuple | list) and isinstance(n, int) and len(seq) * max(n, 0) > MAX_LEN:
            raise Raised


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
    if isinstance(value, list):
        return tuple(hashable(v) for v in value)
    if isinstance(value, dict):
        raise Raised
    return value


def freeze(value: object) -> object:
    """A value as record fields and the front end hold it: immutable, lists become tuples."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value
