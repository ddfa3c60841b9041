"""The evaluator's built-in functions, methods of built-in values and well-known modules."""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from compiler.evaluator.limits import (
    MAX_LEN,
    MAX_SIZE,
    Raised,
    Unmodelled,
    bounded,
    check_len,
    is_int,
)
from compiler.evaluator.values import (
    UNKNOWN_VALUE,
    Builtin,
    DslName,
    Dynamic,
    EnvironMapping,
    ModuleValue,
    Record,
    contains_unknown,
    plain,
)
from compiler.vocabulary import dsl_constant


class Evaluator(Protocol):
    """What a built-in may ask of the evaluation that calls it (`interpreter.Evaluator` is one)."""

    environ: Mapping[str, str]

    def tick(self, n: int = 1) -> None: ...
    def work(self, elements: int) -> None: ...
    def weigh(self, value: object, avoid: object = None) -> int: ...
    def key(self, value: object) -> object: ...
    def export(self, value: object, limit: int = ...) -> object: ...
    def lose(self, container: object) -> None: ...
    def change(self, container: object) -> None: ...
    def iterate(self, value: object) -> list[object] | None: ...
    def binop(self, op: ast.operator, left: object, right: object) -> object: ...
    def truth(self, value: object) -> bool | None: ...


# ---------------------------------------------------------------- built-ins
def _numbers(args: list[object]) -> list[Any]:
    """The arguments, all numbers: Raised(TypeError) for a plain value of another type, Unmodelled for an
    unknown or modelled one (a DSL name, a record)."""
    for arg in args:
        if not isinstance(arg, int | float):
            raise Raised(TypeError) if plain(arg) and not contains_unknown(arg) else Unmodelled
    return args


def _minmax(fn: Callable[..., Any]) -> Callable[[Evaluator, list[object], dict[str, object]], object]:
    def impl(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
        if kwargs.keys() - {"default"}:
            return UNKNOWN_VALUE
        items = ev.iterate(args[0]) if len(args) == 1 else args
        if items is None or contains_unknown(items):
            return UNKNOWN_VALUE
        if not items and "default" in kwargs:
            return kwargs["default"]
        ev.weigh(items)  # comparing walks the items
        return fn(items)

    return impl


def _range(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    if kwargs or not 1 <= len(args) <= 3 or not all(is_int(a) for a in args):
        return UNKNOWN_VALUE
    r = range(*args)  # type: ignore[call-overload]
    return r if len(r) <= MAX_LEN else UNKNOWN_VALUE


def _convert(kind: type) -> Callable[[Evaluator, list[object], dict[str, object]], object]:
    def impl(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
        if kwargs or len(args) > 1 or (args and contains_unknown(args[0])):
            return UNKNOWN_VALUE
        if not args:
            return kind()
        value = args[0]
        if kind in (tuple, list):
            items = ev.iterate(value)
            return UNKNOWN_VALUE if items is None else kind(items)
        if kind is dict:
            if not isinstance(value, dict):
                return UNKNOWN_VALUE
            ev.work(len(value))
            return dict(value)
        if kind is str and not plain(value):
            return UNKNOWN_VALUE
        ev.work(ev.weigh(value))  # printing writes every element, shared ones each time
        if kind in (int, float) and isinstance(value, str) and len(value) > 100:
            return UNKNOWN_VALUE
        return kind(value)

    return impl


def _len(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    if len(args) != 1 or kwargs:
        return UNKNOWN_VALUE
    value = args[0]
    if isinstance(value, str | tuple | list | dict | range):
        return len(value)
    return UNKNOWN_VALUE


def _sum(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    items = ev.iterate(args[0]) if args else None
    if items is None or kwargs:
        return UNKNOWN_VALUE
    total: object = args[1] if len(args) > 1 else 0
    if is_int(total) and all(is_int(i) for i in items):
        ev.work(len(items))
        return bounded(sum(items, total))  # type: ignore[call-overload]
    ev.tick(2 * len(items))  # one addition per item
    for item in items:
        total = ev.binop(ast.Add(), total, item)
    return total


def _abs(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    return abs(_numbers(args)[0]) if len(args) == 1 else UNKNOWN_VALUE


def _round(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    nums = _numbers(args)
    if len(nums) == 2 and abs(nums[1]) > 100:
        return UNKNOWN_VALUE
    return round(*nums)


def _pow(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    return ev.binop(ast.Pow(), args[0], args[1]) if len(args) == 2 else UNKNOWN_VALUE


def _divmod(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    a, b = _numbers(args)
    return divmod(a, b)


def _sorted(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    items = ev.iterate(args[0]) if len(args) == 1 else None
    if items is None or kwargs.keys() - {"reverse"} or contains_unknown(items):
        return UNKNOWN_VALUE
    ev.weigh(items)
    ev.work(len(items) * max(len(items).bit_length(), 1))  # n log n comparisons
    return sorted(items, reverse=bool(kwargs.get("reverse", False)))  # type: ignore[type-var]


def _anyall(
    fn: Callable[[Iterable[object]], bool],
) -> Callable[[Evaluator, list[object], dict[str, object]], object]:
    def impl(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
        items = ev.iterate(args[0]) if len(args) == 1 else None
        if items is None:
            return UNKNOWN_VALUE
        truths = [ev.truth(i) for i in items]
        if any(t is None for t in truths):
            return UNKNOWN_VALUE
        return fn(truths)

    return impl


def _enumerate(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    items = ev.iterate(args[0]) if args else None
    start = args[1] if len(args) > 1 else kwargs.get("start", 0)
    if items is None or not is_int(start):
        return UNKNOWN_VALUE
    ev.work(3 * len(items))
    return [(start + i, v) for i, v in enumerate(items)]  # type: ignore[operator]


def _zip(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    lists = [ev.iterate(a) for a in args]
    if any(items is None for items in lists):
        return UNKNOWN_VALUE
    rows = min((len(items) for items in lists if items is not None), default=0)
    if rows * (len(lists) + 1) > MAX_SIZE:
        raise Unmodelled
    ev.work(rows * (len(lists) + 1))
    return [tuple(t) for t in zip(*lists, strict=False)]  # type: ignore[arg-type]


def _reversed(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    items = ev.iterate(args[0]) if len(args) == 1 else None
    return UNKNOWN_VALUE if items is None else items[::-1]


def _isinstance(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    if len(args) != 2 or contains_unknown(args[0]):
        return UNKNOWN_VALUE
    kinds = args[1] if isinstance(args[1], tuple) else (args[1],)
    types = [TYPE_OF.get(k.name) if isinstance(k, Builtin) else None for k in kinds]
    if any(t is None for t in types):
        return UNKNOWN_VALUE
    return isinstance(args[0], tuple(types))  # type: ignore[arg-type]


def _replace(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    """`dataclasses.replace(record, **changes)`."""
    if len(args) != 1 or not isinstance(args[0], Record):
        return UNKNOWN_VALUE
    record = args[0]
    names = [k for k, _ in record.fields]
    if any(k not in names for k in kwargs):
        return UNKNOWN_VALUE
    return Record(
        record.cls, record.class_name, tuple((k, ev.export(kwargs.get(k, v))) for k, v in record.fields)
    )


def getenv(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    if not args or not isinstance(args[0], str):
        return UNKNOWN_VALUE
    default = args[1] if len(args) > 1 else kwargs.get("default")
    return ev.environ.get(args[0], default)  # type: ignore[return-value]


def _math(fn: Callable[..., Any]) -> Callable[[Evaluator, list[object], dict[str, object]], object]:
    def impl(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
        if kwargs:
            return UNKNOWN_VALUE
        numbers = _numbers(args)
        if len(numbers) <= 2 or fn not in (math.gcd, math.lcm):
            return bounded(fn(*numbers))
        # gcd / lcm of many: pairwise, so that no intermediate grows past the bound
        ev.tick(len(numbers))
        result = numbers[0]
        for number in numbers[1:]:
            result = bounded(fn(result, number))
            if result is UNKNOWN_VALUE:
                return UNKNOWN_VALUE
        return result

    return impl


def _prod(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    items = ev.iterate(args[0]) if args else None
    if items is None:
        return UNKNOWN_VALUE
    total: object = 1
    ev.tick(2 * len(items))  # one multiplication per item
    for item in items:
        total = ev.binop(ast.Mult(), total, item)
    return total


def _opaque(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    return UNKNOWN_VALUE


BUILTINS: dict[str, Callable[[Evaluator, list[object], dict[str, object]], object]] = {
    "min": _minmax(min), "max": _minmax(max), "range": _range, "len": _len, "sum": _sum, "abs": _abs,
    "round": _round, "pow": _pow, "divmod": _divmod, "sorted": _sorted, "any": _anyall(any),
    "all": _anyall(all), "enumerate": _enumerate, "zip": _zip, "reversed": _reversed,
    "isinstance": _isinstance, "int": _convert(int), "float": _convert(float), "bool": _convert(bool),
    "str": _convert(str), "tuple": _convert(tuple), "list": _convert(list), "dict": _convert(dict),
    "dataclasses.replace": _replace, "os.getenv": getenv, "os.environ.get": getenv,
    "math.ceil": _math(math.ceil), "math.floor": _math(math.floor), "math.sqrt": _math(math.sqrt),
    "math.log2": _math(math.log2), "math.log": _math(math.log), "math.gcd": _math(math.gcd),
    "math.lcm": _math(math.lcm), "math.isqrt": _math(math.isqrt), "math.prod": _prod, "math.exp": _math(math.exp),
    "dataclass": _opaque, "field": _opaque, "print": _opaque,
}  # fmt: skip
TYPE_OF: dict[str, type] = {
    "int": int,
    "float": float,
    "str": str,
    "bool": bool,
    "tuple": tuple,
    "list": list,
    "dict": dict,
}
BUILTIN_NAMES: dict[str, object] = {
    name: Builtin(name)
    for name in ("min", "max", "range", "len", "sum", "abs", "round", "pow", "divmod", "sorted", "any", "all",
                 "enumerate", "zip", "reversed", "isinstance", "int", "float", "bool", "str", "tuple", "list",
                 "dict", "print")
}  # fmt: skip
BUILTIN_NAMES.update({"True": True, "False": False, "None": None})


def _os(ev: Evaluator) -> ModuleValue:
    return ModuleValue("os", {"environ": EnvironMapping(ev.environ), "getenv": Builtin("os.getenv"),
                              "path": ModuleValue("os.path", {}), "sep": "/"})  # fmt: skip


def _sys(ev: Evaluator) -> ModuleValue:
    # The module is not run from a command line: the argument list holds only the program name.
    return ModuleValue("sys", {"argv": ["<script>"], "maxsize": 2**63 - 1, "platform": "linux"})


def _math_module(ev: Evaluator) -> ModuleValue:
    names: dict[str, object] = {k.split(".", 1)[1]: Builtin(k) for k in BUILTINS if k.startswith("math.")}
    names.update({"pi": math.pi, "e": math.e, "inf": math.inf})
    return ModuleValue("math", names)


def _dataclasses(ev: Evaluator) -> ModuleValue:
    return ModuleValue("dataclasses", {"dataclass": Builtin("dataclass"), "field": Builtin("field"),
                                       "replace": Builtin("dataclasses.replace")})  # fmt: skip


def _opaque_module(name: str) -> Callable[[Evaluator], ModuleValue]:
    return lambda ev: ModuleValue(name, {})


KNOWN_MODULES: dict[str, Callable[[Evaluator], ModuleValue]] = {
    "os": _os, "sys": _sys, "math": _math_module, "dataclasses": _dataclasses,
    **{name: _opaque_module(name) for name in ("typing", "functools", "enum", "argparse", "pathlib", "torch",
                                               "numpy", "collections", "itertools", "__future__", "abc",
                                               "re", "json", "logging", "time", "subprocess", "importlib",
                                               "shutil", "random", "ctypes", "builtins", "io", "socket")},
}  # fmt: skip


class PyptoNames(Mapping[str, object]):
    """The names of a `pypto` module: DSL values (`pl.FP32`, `pl.SplitMode.NONE`) and namespaces."""

    def __init__(self, module: str) -> None:
        self.module = module

    def __getitem__(self, key: str) -> object:
        if self.module == "pypto.language":
            return dsl_attribute(f"pl.{key}")
        if self.module == "pypto.language.distributed":
            return dsl_attribute(f"pld.{key}")
        return UNKNOWN_VALUE

    def __iter__(self) -> Any:
        return iter(())

    def __len__(self) -> int:
        return 0


def dsl_attribute(dotted: str) -> object:
    """A DSL constant (`pl.FP32`, `pl.Mem.Vec`, `pl.AUTO`), else the name itself (a namespace, an op)."""
    value = dsl_constant(dotted)
    return DslName(dotted) if value is None else value


def dsl_call(dotted: str, args: list[object], kwargs: dict[str, object]) -> object:
    if dotted in ("pl.dynamic", "pld.dynamic") and args and isinstance(args[0], str):
        if not args[0].isidentifier():  # DynVar.__init__ (pypto.language.typing.dynamic)
            raise Raised(ValueError, f"ValueError: DynVar name must be a valid identifier, got {args[0]!r}")
        return Dynamic(args[0])
    return UNKNOWN_VALUE


# ---------------------------------------------------------------- methods of built-in values
# Methods that change a list or dict: `append` / `extend` are modelled, the others lose the container.
MUTATORS = frozenset(
    {"append", "extend", "insert", "pop", "remove", "sort", "reverse", "clear", "update", "popitem",
     "setdefault", "__setitem__", "__delitem__", "__iadd__", "__imul__", "__ior__"}
)  # fmt: skip
METHODS = frozenset(
    {"get", "items", "keys", "values", "lower", "upper", "strip", "lstrip", "rstrip", "split", "rsplit",
     "startswith", "endswith", "replace", "join", "append", "extend", "index", "count", "copy", "isdigit",
     "removeprefix", "removesuffix"}
)  # fmt: skip


def call_method(
    ev: Evaluator, obj: object, name: str, args: list[object], kwargs: dict[str, object]
) -> object:
    """`obj.name(*args, **kwargs)` for a built-in value; a change it cannot model loses the container."""
    if isinstance(obj, list | dict) and name in MUTATORS:
        if isinstance(obj, list) and name in ("append", "extend") and not kwargs:
            _grow(ev, obj, name, args)
            return None
        ev.lose(obj)  # a change we do not model: the content is unknown from now on
        return UNKNOWN_VALUE
    if contains_unknown(list(args)) or kwargs.keys() - {"maxsplit", "default"}:
        return UNKNOWN_VALUE
    if isinstance(obj, EnvironMapping):
        return getenv(ev, args, kwargs) if name == "get" else UNKNOWN_VALUE
    if isinstance(obj, dict):
        if name == "get" and args:
            return obj.get(ev.key(args[0]), args[1] if len(args) > 1 else None)
        if name in ("items", "keys", "values"):
            ev.work(len(obj))
            return list(getattr(obj, name)())
        if name == "copy":
            ev.work(len(obj))
            return dict(obj)
        return UNKNOWN_VALUE
    if isinstance(obj, str):
        ev.work(len(obj) // 16)  # text methods run over the whole string
        if name == "replace":
            if len(args) != 2 or not all(isinstance(a, str) for a in args):
                return UNKNOWN_VALUE
            old, new = args
            assert isinstance(old, str) and isinstance(new, str)
            grows = (len(new) - len(old)) * (obj.count(old) if old else len(obj) + 1)
            check_len(len(obj) + max(grows, 0))
            return obj.replace(old, new)
        if name == "join":
            items = ev.iterate(args[0]) if args else None
            if items is None or not all(isinstance(i, str) for i in items):
                return UNKNOWN_VALUE
            check_len(sum(len(str(i)) for i in items) + len(obj) * len(items))
            return obj.join(items)  # type: ignore[arg-type]
        if name in ("split", "rsplit") and args and not isinstance(args[0], str | None):
            return UNKNOWN_VALUE
    if isinstance(obj, str | tuple | list) and name in METHODS:
        method = getattr(obj, name, None)
        if method is None:
            return UNKNOWN_VALUE
        if name in ("index", "count"):
            ev.weigh(obj)  # comparing walks every item
            ev.weigh(args)
        elif not isinstance(obj, str):
            ev.work(len(obj))
        return method(*args, **kwargs)
    return UNKNOWN_VALUE


def _grow(ev: Evaluator, obj: list[object], name: str, args: list[object]) -> None:
    """`xs.append(x)` / `xs.extend(ys)`, bounded and never making a cycle; a refused one loses `xs`."""
    if len(args) != 1 or (
        name == "extend" and plain(args[0]) and not isinstance(args[0], str | tuple | list)
    ):
        raise Raised(TypeError)  # as Python: the list is unchanged
    try:
        items = [args[0]] if name == "append" else ev.iterate(args[0])
        if items is None:
            raise Unmodelled
        check_len(len(obj) + len(items))
        for item in items:
            if item is not UNKNOWN_VALUE:
                ev.weigh(item, avoid=obj)
    except Unmodelled:
        ev.lose(obj)
        return
    obj.extend(items)
    ev.change(obj)
