"""A bounded static evaluator for the Python subset that configuration modules use.

It reads module statements (assignments, `if`/`for`/`while`, functions, frozen dataclasses,
`@property`, comprehensions, f-strings, `os.environ` look-ups, `dataclasses.replace`) and computes
their values without importing or running anything: every call goes to a built-in table or to a
function whose body this evaluator itself interprets. Every operation checks the size of its
result before computing it, and each evaluation has a step budget; past a bound the value is
UNKNOWN, which never produces an error downstream.
"""

from __future__ import annotations

import ast
import contextlib
import math
import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.syntax import dotted_name
from compiler.vocabulary import DTypeValue, EnumValue, dsl_constant

MAX_INT_BITS = 4096  # ~1,200 decimal digits: far beyond any shape, far below Python's str() limit
MAX_LEN = 10_000  # strings, tuples, lists, dicts and range() lengths
MAX_CALL_DEPTH = 24
MODULE_STEPS = 200_000  # budget of one module's evaluation (a config module needs a few thousand)
EXPR_STEPS = 20_000  # budget of one expression folded on its own


class _Unknown:
    """A value the evaluator cannot determine; never an error on its own."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<unknown>"


UNKNOWN_VALUE: Any = _Unknown()


class StepsExhausted(Exception):
    """The step budget of an evaluation ran out (the pipeline's time budgets are `compiler.budget`)."""


class _Raised(Exception):
    """User code reached `raise` (or an operation Python would reject): the value is unknown."""


class _Return(Exception):
    def __init__(self, value: object) -> None:
        self.value = value


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Dynamic:
    """`pl.dynamic("N")`: a dimension known only at run time."""

    name: str


@dataclass(eq=False, slots=True)
class ClassValue:
    """A class defined in an evaluated module: its fields (dataclass), class attributes and methods."""

    name: str
    fields: tuple[tuple[str, ast.expr | None], ...]
    attributes: dict[str, object]
    methods: dict[str, FunctionValue]
    properties: dict[str, FunctionValue]
    is_dataclass: bool

    def __repr__(self) -> str:
        return f"<class {self.name}>"  # stable across evaluations: it is part of cache keys


@dataclass(frozen=True, slots=True)
class Record:
    """An instance of an evaluated dataclass (frozen: its fields are values)."""

    cls: ClassValue = field(compare=False, repr=False)
    class_name: str
    fields: tuple[tuple[str, object], ...]

    def get(self, name: str) -> object:
        """A field's value, or UNKNOWN_VALUE."""
        for key, value in self.fields:
            if key == name:
                return value
        return UNKNOWN_VALUE

    def __repr__(self) -> str:
        return f"{self.class_name}({', '.join(f'{k}={v!r}' for k, v in self.fields)})"


@dataclass(eq=False, slots=True)
class FunctionValue:
    """A function (or lambda) whose body the evaluator interprets, with the globals it closes over."""

    name: str
    node: ast.FunctionDef | ast.Lambda
    globals: dict[str, object]
    defaults: tuple[object, ...] = ()
    kw_defaults: tuple[object, ...] = ()

    def __repr__(self) -> str:
        return f"<function {self.name}>"


@dataclass(eq=False, slots=True)
class ModuleValue:
    """An imported module: the names it binds (or a well-known module: `os`, `sys`, `math`, ...)."""

    name: str
    names: Mapping[str, object]

    def __repr__(self) -> str:
        return f"<module {self.name}>"


@dataclass(frozen=True, slots=True)
class Builtin:
    """A callable from the evaluator's own table."""

    name: str


@dataclass(frozen=True, slots=True)
class BoundMethod:
    """`obj.method` of a built-in value (`s.lower`, `d.get`, `xs.append`)."""

    obj: object
    name: str


@dataclass(frozen=True, slots=True)
class DslName:
    """`pl`, `pld` or a dotted name under them that is not a value (`pl.Level`)."""

    dotted: str


Importer = Callable[[str, int], "ModuleValue | None"]
"""(module name, relative level) -> the evaluated module, or None when it cannot be read."""


def _no_imports(_name: str, _level: int) -> ModuleValue | None:
    return None


@dataclass(slots=True)
class Evaluator:
    """One bounded evaluation (a module, or a single expression)."""

    environ: Mapping[str, str] = field(default_factory=dict)
    importer: Importer = _no_imports
    steps: int = MODULE_STEPS
    depth: int = 0

    # ------------------------------------------------------------ budget
    def tick(self, n: int = 1) -> None:
        """Spend steps; past the budget the whole evaluation stops."""
        self.steps -= n
        if self.steps < 0:
            raise StepsExhausted

    # ------------------------------------------------------------ modules
    def block(self, stmts: Iterable[ast.stmt], scope: dict[str, object], top_level: bool = False) -> None:
        """Run statements; at module level a failing statement only makes its own names unknown."""
        stmts = list(stmts)
        for index, stmt in enumerate(stmts):
            if not top_level:
                self.stmt(stmt, scope)
                continue
            try:
                self.stmt(stmt, scope)
            except (_Raised, _Return, _Break, _Continue):
                if isinstance(stmt, ast.Raise | ast.If | ast.Try):
                    # The module would stop importing here: what follows has no known value.
                    for rest in stmts[index:]:
                        _mark_unknown(rest, scope)
                    return
                _mark_unknown(stmt, scope)
            except StepsExhausted:
                for rest in stmts[index:]:
                    _mark_unknown(rest, scope)
                raise

    def stmt(self, stmt: ast.stmt, scope: dict[str, object]) -> None:
        """Run one statement."""
        self.tick()
        if isinstance(stmt, ast.Assign):
            value = self.expr(stmt.value, scope)
            for target in stmt.targets:
                self.assign(target, value, scope)
        elif isinstance(stmt, ast.AnnAssign):
            if stmt.value is not None:
                self.assign(stmt.target, self.expr(stmt.value, scope), scope)
        elif isinstance(stmt, ast.AugAssign):
            current = self.expr(_load(stmt.target), scope)
            self.assign(stmt.target, self.binop(stmt.op, current, self.expr(stmt.value, scope)), scope)
        elif isinstance(stmt, ast.Expr):
            self.expr(stmt.value, scope)
        elif isinstance(stmt, ast.If):
            self.if_stmt(stmt, scope)
        elif isinstance(stmt, ast.For):
            self.for_stmt(stmt, scope)
        elif isinstance(stmt, ast.While):
            self.while_stmt(stmt, scope)
        elif isinstance(stmt, ast.FunctionDef):
            self.function_def(stmt, scope)
        elif isinstance(stmt, ast.ClassDef):
            scope[stmt.name] = self.class_def(stmt, scope)
        elif isinstance(stmt, ast.Import):
            for alias in stmt.names:
                module = self.import_module(alias.name, 0)
                if alias.asname:
                    scope[alias.asname] = module if module is not None else UNKNOWN_VALUE
                else:
                    top = alias.name.split(".")[0]
                    scope[top] = self.import_module(top, 0) or UNKNOWN_VALUE
        elif isinstance(stmt, ast.ImportFrom):
            self.import_from(stmt, scope)
        elif isinstance(stmt, ast.Return):
            raise _Return(self.expr(stmt.value, scope) if stmt.value is not None else None)
        elif isinstance(stmt, ast.Raise):
            raise _Raised
        elif isinstance(stmt, ast.Break):
            raise _Break
        elif isinstance(stmt, ast.Continue):
            raise _Continue
        elif isinstance(stmt, ast.Try):
            self.try_stmt(stmt, scope)
        elif isinstance(stmt, ast.With):
            for item in stmt.items:
                if item.optional_vars is not None:
                    self.assign(item.optional_vars, UNKNOWN_VALUE, scope)
            self.block(stmt.body, scope)
        elif isinstance(stmt, ast.Assert | ast.Pass | ast.Global | ast.Nonlocal | ast.Delete):
            return  # asserts are the module's own checks; evaluating them changes no value
        else:
            _mark_unknown(stmt, scope)

    def if_stmt(self, stmt: ast.If, scope: dict[str, object]) -> None:
        """Take the branch the condition selects; an unknown condition keeps only agreeing values."""
        test = self.truth(self.expr(stmt.test, scope))
        if test is True:
            self.block(stmt.body, scope)
        elif test is False:
            self.block(stmt.orelse, scope)
        else:
            self.both_branches(stmt.body, stmt.orelse, scope)

    def both_branches(self, body: list[ast.stmt], orelse: list[ast.stmt], scope: dict[str, object]) -> None:
        """Run both branches on copies; a name keeps a value only when both agree on it."""
        results: list[dict[str, object]] = []
        for branch in (body, orelse):
            copy = _copy_scope(scope)
            try:
                self.block(branch, copy)
            except (_Raised, _Return, _Break, _Continue):
                continue  # a branch that leaves the block says nothing about the names after it
            results.append(copy)
        if not results:
            raise _Raised
        if len(results) == 1:
            scope.update(results[0])
            return
        for name in set(results[0]) | set(results[1]):
            a, b = results[0].get(name, UNKNOWN_VALUE), results[1].get(name, UNKNOWN_VALUE)
            scope[name] = a if _same_value(a, b) else UNKNOWN_VALUE

    def for_stmt(self, stmt: ast.For, scope: dict[str, object]) -> None:
        """Iterate a known, bounded iterable; otherwise the loop's names become unknown."""
        items = self.iterate(self.expr(stmt.iter, scope))
        if items is None:
            _mark_unknown(stmt, scope)
            return
        for item in items:
            self.tick()
            self.assign(stmt.target, item, scope)
            try:
                self.block(stmt.body, scope)
            except _Break:
                return
            except _Continue:
                continue
        self.block(stmt.orelse, scope)

    def while_stmt(self, stmt: ast.While, scope: dict[str, object]) -> None:
        """Run a while loop under the step budget."""
        while True:
            self.tick()
            test = self.truth(self.expr(stmt.test, scope))
            if test is None:
                _mark_unknown(stmt, scope)
                return
            if not test:
                break
            try:
                self.block(stmt.body, scope)
            except _Break:
                return
            except _Continue:
                continue
        self.block(stmt.orelse, scope)

    def try_stmt(self, stmt: ast.Try, scope: dict[str, object]) -> None:
        """`try` body; when it raises, the first handler runs (its exception is unknown)."""
        copy = _copy_scope(scope)
        try:
            self.block(stmt.body, copy)
        except _Raised:
            if stmt.handlers:
                handler = stmt.handlers[0]
                if handler.name:
                    scope[handler.name] = UNKNOWN_VALUE
                self.block(handler.body, scope)
            else:
                raise
        else:
            scope.update(copy)
            self.block(stmt.orelse, scope)
        self.block(stmt.finalbody, scope)

    def function_def(self, stmt: ast.FunctionDef, scope: dict[str, object]) -> None:
        """Bind a function; decorators other than the known ones make it opaque."""
        defaults = tuple(self.expr(d, scope) for d in stmt.args.defaults)
        kw_defaults = tuple(self.expr(d, scope) if d is not None else None for d in stmt.args.kw_defaults)
        fn = FunctionValue(stmt.name, stmt, scope, defaults, kw_defaults)
        plain = all(
            _decorator_name(d) in ("property", "staticmethod", "functools.cache") for d in stmt.decorator_list
        )
        scope[stmt.name] = fn if plain else UNKNOWN_VALUE

    def class_def(self, stmt: ast.ClassDef, scope: dict[str, object]) -> ClassValue:
        """A class: dataclass fields in order, class attributes, methods and properties."""
        is_dataclass = any(
            _decorator_name(d) in ("dataclass", "dataclasses.dataclass") for d in stmt.decorator_list
        )
        fields: list[tuple[str, ast.expr | None]] = []
        attributes: dict[str, object] = {}
        methods: dict[str, FunctionValue] = {}
        properties: dict[str, FunctionValue] = {}
        for base in stmt.bases:
            parent = self.expr(base, scope)
            if isinstance(parent, ClassValue):
                fields.extend(parent.fields)
                attributes.update(parent.attributes)
                methods.update(parent.methods)
                properties.update(parent.properties)
        for item in stmt.body:
            self.tick()
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                if is_dataclass and not _is_classvar(item.annotation):
                    fields = [f for f in fields if f[0] != item.target.id]
                    fields.append((item.target.id, item.value))
                elif item.value is not None:
                    attributes[item.target.id] = self.expr(item.value, scope)
            elif isinstance(item, ast.Assign):
                value = self.expr(item.value, scope)
                for target in item.targets:
                    if isinstance(target, ast.Name):
                        attributes[target.id] = value
            elif isinstance(item, ast.FunctionDef):
                fn = FunctionValue(item.name, item, scope)
                if any(_decorator_name(d) == "property" for d in item.decorator_list):
                    properties[item.name] = fn
                else:
                    methods[item.name] = fn
        return ClassValue(stmt.name, tuple(fields), attributes, methods, properties, is_dataclass)

    def import_from(self, stmt: ast.ImportFrom, scope: dict[str, object]) -> None:
        """`from x import a as b`: each name from the evaluated module, else unknown."""
        module = self.import_module(stmt.module or "", stmt.level)
        for alias in stmt.names:
            if alias.name == "*":
                if module is not None:
                    scope.update({k: v for k, v in module.names.items() if not k.startswith("_")})
                continue
            value: object = UNKNOWN_VALUE
            if module is not None:
                value = module.names.get(alias.name, UNKNOWN_VALUE)
                if value is UNKNOWN_VALUE and alias.name not in module.names:
                    sub = self.import_module(
                        f"{stmt.module}.{alias.name}" if stmt.module else alias.name, stmt.level
                    )
                    value = sub if sub is not None else UNKNOWN_VALUE
            scope[alias.asname or alias.name] = value

    def import_module(self, name: str, level: int) -> ModuleValue | None:
        """A well-known module, or one the importer reads from the workspace."""
        if level == 0:
            known = _KNOWN_MODULES.get(name)
            if known is not None:
                return known(self)
            if name.startswith("pypto"):
                return ModuleValue(name, _PyptoNames(name))
        try:
            return self.importer(name, level)
        except RecursionError:
            return None

    # ------------------------------------------------------------ assignment
    def assign(self, target: ast.expr, value: object, scope: dict[str, object]) -> None:
        """Bind a target: names, tuple unpacking, list/dict items; other targets are ignored."""
        if isinstance(target, ast.Name):
            scope[target.id] = value
        elif isinstance(target, ast.Tuple | ast.List):
            star = next((i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)), None)
            items = self.iterate(value)
            n = len(target.elts)
            if (
                items is None
                or (star is None and len(items) != n)
                or (star is not None and len(items) < n - 1)
            ):
                for elt in target.elts:
                    self.assign(elt.value if isinstance(elt, ast.Starred) else elt, UNKNOWN_VALUE, scope)
                return
            if star is None:
                for elt, item in zip(target.elts, items, strict=True):
                    self.assign(elt, item, scope)
                return
            after = n - star - 1
            head, middle, tail = items[:star], items[star : len(items) - after], items[len(items) - after :]
            for elt, item in zip(target.elts[:star], head, strict=True):
                self.assign(elt, item, scope)
            self.assign(target.elts[star].value, list(middle), scope)  # type: ignore[attr-defined]
            for elt, item in zip(target.elts[star + 1 :], tail, strict=True):
                self.assign(elt, item, scope)
        elif isinstance(target, ast.Subscript):
            container = self.expr(target.value, scope)
            if isinstance(container, list | dict) and not isinstance(target.slice, ast.Slice):
                key = self.expr(target.slice, scope)
                try:
                    if isinstance(container, dict) and len(container) >= MAX_LEN:
                        raise _Raised
                    container[key] = value  # type: ignore[index,call-overload]
                except (TypeError, IndexError, KeyError) as exc:
                    raise _Raised from exc
        # Attribute stores (`obj.x = ...`) and slice stores (`sys.argv[:] = ...`) change nothing we model.

    # ------------------------------------------------------------ expressions
    def expr(self, node: ast.expr, scope: Mapping[str, object]) -> object:
        """The value of an expression, or UNKNOWN_VALUE."""
        self.tick()
        try:
            return self._expr(node, scope)
        except (_Raised, ArithmeticError, ValueError, TypeError, KeyError, IndexError, AttributeError):
            return UNKNOWN_VALUE
        except RecursionError:
            return UNKNOWN_VALUE

    def _expr(self, node: ast.expr, scope: Mapping[str, object]) -> object:
        if isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
                return UNKNOWN_VALUE
            if isinstance(value, str | bytes) and len(value) > MAX_LEN:
                return UNKNOWN_VALUE
            return value if value is not Ellipsis else UNKNOWN_VALUE
        if isinstance(node, ast.Name):
            if node.id in scope:
                return scope[node.id]
            return _BUILTIN_NAMES.get(node.id, UNKNOWN_VALUE)
        if isinstance(node, ast.Attribute):
            return self.attribute(self.expr(node.value, scope), node.attr)
        if isinstance(node, ast.BinOp):
            return self.binop(node.op, self.expr(node.left, scope), self.expr(node.right, scope))
        if isinstance(node, ast.UnaryOp):
            return self.unaryop(node.op, self.expr(node.operand, scope))
        if isinstance(node, ast.BoolOp):
            return self.boolop(node, scope)
        if isinstance(node, ast.Compare):
            return self.compare(node, scope)
        if isinstance(node, ast.IfExp):
            test = self.truth(self.expr(node.test, scope))
            if test is None:
                a, b = self.expr(node.body, scope), self.expr(node.orelse, scope)
                return a if _same_value(a, b) else UNKNOWN_VALUE
            return self.expr(node.body if test else node.orelse, scope)
        if isinstance(node, ast.Tuple):
            return tuple(self.sequence(node.elts, scope))
        if isinstance(node, ast.List):
            return self.sequence(node.elts, scope)
        if isinstance(node, ast.Set):
            return UNKNOWN_VALUE
        if isinstance(node, ast.Dict):
            out: dict[object, object] = {}
            for key, item_node in zip(node.keys, node.values, strict=True):
                if key is None:
                    merged = self.expr(item_node, scope)
                    if not isinstance(merged, dict):
                        return UNKNOWN_VALUE
                    out.update(merged)
                else:
                    out[_hashable(self.expr(key, scope))] = self.expr(item_node, scope)
                _check_len(len(out))
            return out
        if isinstance(node, ast.Subscript):
            return self.subscript(self.expr(node.value, scope), node.slice, scope)
        if isinstance(node, ast.Call):
            return self.call_node(node, scope)
        if isinstance(node, ast.JoinedStr):
            return self.fstring(node, scope)
        if isinstance(node, ast.ListComp | ast.GeneratorExp | ast.DictComp):
            return self.comprehension(node, scope)
        if isinstance(node, ast.Lambda):
            defaults = tuple(self.expr(d, scope) for d in node.args.defaults)
            return FunctionValue("<lambda>", node, dict(scope), defaults)
        if isinstance(node, ast.Starred):
            return UNKNOWN_VALUE
        return UNKNOWN_VALUE

    def sequence(self, elts: list[ast.expr], scope: Mapping[str, object]) -> list[object]:
        """Elements of a list/tuple display, with `*xs` spread."""
        out: list[object] = []
        for elt in elts:
            if isinstance(elt, ast.Starred):
                items = self.iterate(self.expr(elt.value, scope))
                if items is None:
                    raise _Raised
                out.extend(items)
            else:
                out.append(self.expr(elt, scope))
            _check_len(len(out))
        return out

    def truth(self, value: object) -> bool | None:
        """Python truthiness of a known value, else None (a sequence is truthy by its length alone)."""
        if value is UNKNOWN_VALUE:
            return None
        if isinstance(value, int | float | str | tuple | list | dict | bool) or value is None:
            return bool(value)
        if isinstance(value, Record | ClassValue | FunctionValue | ModuleValue | DTypeValue | EnumValue):
            return True
        return None

    def binop(self, op: ast.operator, left: object, right: object) -> object:
        """Arithmetic with its result size checked before it is computed."""
        if left is UNKNOWN_VALUE or right is UNKNOWN_VALUE:
            return UNKNOWN_VALUE
        if isinstance(op, ast.Pow):
            _check_pow(left, right)
        elif isinstance(op, ast.LShift):
            _check_shift(left, right)
        elif isinstance(op, ast.Mult):
            _check_mult(left, right)
        elif isinstance(op, ast.Add):
            _check_add(left, right)
        elif isinstance(op, ast.Mod) and isinstance(left, str):
            return UNKNOWN_VALUE  # printf-style formatting can pad without bound
        fn = _BINOPS.get(type(op))
        if fn is None or not _plain(left) or not _plain(right):
            return UNKNOWN_VALUE
        result = fn(left, right)
        return _bounded(result)

    def unaryop(self, op: ast.unaryop, value: object) -> object:
        """`-x`, `+x`, `not x`, `~x`."""
        if isinstance(op, ast.Not):
            truth = self.truth(value)
            return UNKNOWN_VALUE if truth is None else not truth
        if (isinstance(value, int | float) and not isinstance(value, bool)) or isinstance(value, bool):
            if isinstance(op, ast.USub):
                return -value
            if isinstance(op, ast.UAdd):
                return +value
            if isinstance(op, ast.Invert) and isinstance(value, int):
                return ~value
        return UNKNOWN_VALUE

    def boolop(self, node: ast.BoolOp, scope: Mapping[str, object]) -> object:
        """Short-circuit `and` / `or`."""
        value: object = UNKNOWN_VALUE
        for operand in node.values:
            value = self.expr(operand, scope)
            truth = self.truth(value)
            if truth is None:
                return UNKNOWN_VALUE
            if isinstance(node.op, ast.And) and not truth:
                return value
            if isinstance(node.op, ast.Or) and truth:
                return value
        return value

    def compare(self, node: ast.Compare, scope: Mapping[str, object]) -> object:
        """Comparison chains, `in` and `is` on known values."""
        left = self.expr(node.left, scope)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = self.expr(right_node, scope)
            if _contains_unknown(left) or _contains_unknown(right):
                return UNKNOWN_VALUE
            if isinstance(op, ast.In | ast.NotIn):
                if isinstance(right, _EnvironMapping):
                    found = isinstance(left, str) and left in right.values
                elif isinstance(right, str | tuple | list | dict):
                    found = _hashable(left) in right if isinstance(right, dict) else left in right  # type: ignore[operator]
                else:
                    return UNKNOWN_VALUE
                result = found if isinstance(op, ast.In) else not found
            elif isinstance(op, ast.Is | ast.IsNot):
                same = left is right or (left is None and right is None)
                result = same if isinstance(op, ast.Is) else not same
            else:
                fn = _CMPOPS[type(op)]
                result = fn(left, right)
            if not result:
                return False
            left = right
        return True

    def subscript(self, container: object, index_node: ast.expr, scope: Mapping[str, object]) -> object:
        """`xs[i]`, `xs[a:b]`, `d[k]`, `os.environ[k]`."""
        if isinstance(index_node, ast.Slice):
            parts = [
                self.expr(p, scope) if p is not None else None
                for p in (index_node.lower, index_node.upper, index_node.step)
            ]
            if any(_contains_unknown(p) for p in parts) or not isinstance(container, tuple | list | str):
                return UNKNOWN_VALUE
            return container[slice(*parts)]  # type: ignore[arg-type]
        key = self.expr(index_node, scope)
        if _contains_unknown(key) or (
            _contains_unknown(container) and not isinstance(container, tuple | list | dict)
        ):
            return UNKNOWN_VALUE
        if isinstance(container, _EnvironMapping):
            if isinstance(key, str) and key in container.values:
                return container.values[key]
            return UNKNOWN_VALUE
        if isinstance(container, dict):
            return container[_hashable(key)]
        if isinstance(container, tuple | list | str) and isinstance(key, int):
            return container[key]
        return UNKNOWN_VALUE

    def attribute(self, value: object, name: str) -> object:
        """`obj.name` for records (fields and properties), classes, modules and built-in values."""
        if isinstance(value, Record):
            for key, item in value.fields:
                if key == name:
                    return item
            prop = value.cls.properties.get(name)
            if prop is not None:
                return self.call_function(prop, [value], {})
            method = value.cls.methods.get(name)
            if method is not None:
                return BoundMethod(value, name)
            if name in value.cls.attributes:
                return value.cls.attributes[name]
            return UNKNOWN_VALUE
        if isinstance(value, ClassValue):
            if name in value.attributes:
                return value.attributes[name]
            if name in value.methods:
                return value.methods[name]
            return UNKNOWN_VALUE
        if isinstance(value, ModuleValue):
            return value.names.get(name, UNKNOWN_VALUE)
        if isinstance(value, DslName):
            return _dsl_attribute(f"{value.dotted}.{name}")
        if isinstance(value, str | dict | list | tuple | _EnvironMapping) and name in _METHODS:
            return BoundMethod(value, name)
        return UNKNOWN_VALUE

    # ------------------------------------------------------------ calls
    def call_node(self, node: ast.Call, scope: Mapping[str, object]) -> object:
        """Evaluate a call's callee and arguments, then call it."""
        func = self.expr(node.func, scope)
        if func is UNKNOWN_VALUE:
            return UNKNOWN_VALUE
        args = self.sequence(node.args, scope)
        kwargs: dict[str, object] = {}
        for kw in node.keywords:
            value = self.expr(kw.value, scope)
            if kw.arg is None:
                if not isinstance(value, dict):
                    return UNKNOWN_VALUE
                kwargs.update({str(k): v for k, v in value.items()})
            else:
                kwargs[kw.arg] = value
        return self.call(func, args, kwargs)

    def call(self, func: object, args: list[object], kwargs: dict[str, object]) -> object:
        """Call a value the evaluator knows how to call."""
        self.tick()
        if isinstance(func, FunctionValue):
            return self.call_function(func, args, kwargs)
        if isinstance(func, ClassValue):
            return self.construct(func, args, kwargs)
        if isinstance(func, Builtin):
            impl = _BUILTINS.get(func.name)
            return impl(self, args, kwargs) if impl is not None else UNKNOWN_VALUE
        if isinstance(func, BoundMethod):
            if isinstance(func.obj, Record):
                method = func.obj.cls.methods[func.name]
                return self.call_function(method, [func.obj, *args], kwargs)
            return _call_method(self, func.obj, func.name, args, kwargs)
        if isinstance(func, DslName):
            return _dsl_call(func.dotted, args, kwargs)
        return UNKNOWN_VALUE

    def call_function(self, fn: FunctionValue, args: list[object], kwargs: dict[str, object]) -> object:
        """Interpret a user function's body with its arguments bound; bounded in depth."""
        if self.depth >= MAX_CALL_DEPTH:
            return UNKNOWN_VALUE
        local = self.bind_arguments(fn, args, kwargs)
        if local is None:
            return UNKNOWN_VALUE
        self.depth += 1
        try:
            if isinstance(fn.node, ast.Lambda):
                return self.expr(fn.node.body, {**fn.globals, **local})
            scope = _Frame(fn.globals, local)
            try:
                self.block(fn.node.body, scope)  # type: ignore[arg-type]
            except _Return as ret:
                return ret.value
            except (_Raised, _Break, _Continue):
                return UNKNOWN_VALUE
            return None
        finally:
            self.depth -= 1

    def bind_arguments(
        self, fn: FunctionValue, args: list[object], kwargs: dict[str, object]
    ) -> dict[str, object] | None:
        """Bind call arguments to parameters the way Python does (None when they do not fit)."""
        spec = fn.node.args
        positional = [*spec.posonlyargs, *spec.args]
        local: dict[str, object] = {}
        if len(args) > len(positional) and spec.vararg is None:
            return None
        for param, value in zip(positional, args, strict=False):
            local[param.arg] = value
        if spec.vararg is not None:
            local[spec.vararg.arg] = tuple(args[len(positional) :])
        extra: dict[object, object] = {}
        names = {p.arg for p in positional} | {p.arg for p in spec.kwonlyargs}
        for key, value in kwargs.items():
            if key in names:
                if key in local:
                    return None
                local[key] = value
            elif spec.kwarg is not None:
                extra[key] = value
            else:
                return None
        if spec.kwarg is not None:
            local[spec.kwarg.arg] = extra
        first_default = len(positional) - len(fn.defaults)
        for i, param in enumerate(positional):
            if param.arg not in local:
                if i < first_default:
                    return None
                local[param.arg] = fn.defaults[i - first_default]
        for param, default in zip(
            spec.kwonlyargs, fn.kw_defaults or (None,) * len(spec.kwonlyargs), strict=False
        ):
            if param.arg not in local:
                if default is None and fn.kw_defaults == ():
                    return None
                local[param.arg] = default
        return local

    def construct(self, cls: ClassValue, args: list[object], kwargs: dict[str, object]) -> object:
        """A dataclass instance: each field from the arguments or its default."""
        if not cls.is_dataclass or len(args) > len(cls.fields):
            return UNKNOWN_VALUE
        values: dict[str, object] = {}
        for (name, _), value in zip(cls.fields, args, strict=False):
            values[name] = value
        for key, value in kwargs.items():
            if key in values or all(f[0] != key for f in cls.fields):
                return UNKNOWN_VALUE
            values[key] = value
        for name, default in cls.fields:
            if name in values:
                continue
            if default is None:
                return UNKNOWN_VALUE
            values[name] = self.field_default(default)
        return Record(cls, cls.name, tuple((name, freeze(values[name])) for name, _ in cls.fields))

    def field_default(self, default: ast.expr) -> object:
        """A dataclass default: a plain expression or `field(default=..., default_factory=...)`."""
        if isinstance(default, ast.Call) and _decorator_name(default.func) in ("field", "dataclasses.field"):
            for kw in default.keywords:
                if kw.arg == "default":
                    return self.expr(kw.value, {})
                if kw.arg == "default_factory":
                    factory = self.expr(kw.value, {})
                    return self.call(factory, [], {}) if factory is not UNKNOWN_VALUE else UNKNOWN_VALUE
            return UNKNOWN_VALUE
        return self.expr(default, {})

    def iterate(self, value: object) -> list[object] | None:
        """The items of a known, bounded iterable (None otherwise)."""
        if isinstance(value, tuple | list | str):
            return list(value)
        if isinstance(value, dict):
            return list(value)
        if isinstance(value, range):
            return list(value) if len(value) <= MAX_LEN else None
        return None

    def comprehension(
        self, node: ast.ListComp | ast.GeneratorExp | ast.DictComp, scope: Mapping[str, object]
    ) -> object:
        """List/dict comprehensions and generator expressions (materialised, bounded)."""
        results: list[object] = []
        local = _Frame(scope, {})

        def run(index: int) -> None:
            if index == len(node.generators):
                self.tick()
                if isinstance(node, ast.DictComp):
                    results.append((self.expr(node.key, local), self.expr(node.value, local)))
                else:
                    results.append(self.expr(node.elt, local))
                _check_len(len(results))
                return
            gen = node.generators[index]
            items = self.iterate(self.expr(gen.iter, local))
            if items is None:
                raise _Raised
            for item in items:
                self.assign(gen.target, item, local)
                if all(self.truth(self.expr(cond, local)) is True for cond in gen.ifs):
                    run(index + 1)

        run(0)
        if isinstance(node, ast.DictComp):
            pairs: list[tuple[object, object]] = results  # type: ignore[assignment]
            return {_hashable(k): v for k, v in pairs}
        return results if isinstance(node, ast.ListComp) else tuple(results)

    def fstring(self, node: ast.JoinedStr, scope: Mapping[str, object]) -> object:
        """f-strings of known values (format specs with small widths only)."""
        parts: list[str] = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
                continue
            assert isinstance(value, ast.FormattedValue)
            item = self.expr(value.value, scope)
            if _contains_unknown(item) or not _plain(item):
                return UNKNOWN_VALUE
            spec_node = value.format_spec
            spec = self.fstring(spec_node, scope) if isinstance(spec_node, ast.JoinedStr) else ""
            if not isinstance(spec, str) or _spec_too_wide(spec):
                return UNKNOWN_VALUE
            if value.conversion == ord("r"):
                item = repr(item)
            parts.append(format(item, spec))
            _check_len(sum(len(p) for p in parts))
        return "".join(parts)


class _Frame(dict[str, object]):
    """A function's locals, falling back to its globals for reads."""

    def __init__(self, parent: Mapping[str, object], local: dict[str, object]) -> None:
        super().__init__(local)
        self.parent = parent

    def __missing__(self, key: str) -> object:
        return self.parent[key]

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in self.parent

    def get(self, key: str, default: object = None) -> object:  # type: ignore[override]
        """A local, else a global, else the default."""
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        return self.parent.get(key, default)


def _copy_scope(scope: dict[str, object]) -> dict[str, object]:
    if isinstance(scope, _Frame):
        return _Frame(scope.parent, dict(scope))
    return dict(scope)


# ---------------------------------------------------------------- size checks
def _check_len(n: int) -> None:
    if n > MAX_LEN:
        raise _Raised


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_pow(base: object, exp: object) -> None:
    if _int(base) and _int(exp):
        assert isinstance(base, int) and isinstance(exp, int)
        if exp < 0 or abs(base) <= 1:
            if exp < 0 and abs(base) > 1 and exp < -MAX_INT_BITS:
                raise _Raised
            return
        if exp * math.log2(abs(base)) > MAX_INT_BITS:
            raise _Raised
    elif isinstance(base, int | float) and isinstance(exp, int | float) and abs(float(exp)) > 1e6:
        raise _Raised


def _check_shift(left: object, right: object) -> None:
    if _int(left) and _int(right):
        assert isinstance(left, int) and isinstance(right, int)
        if right > MAX_INT_BITS or left.bit_length() + right > MAX_INT_BITS:
            raise _Raised


def _check_mult(left: object, right: object) -> None:
    if _int(left) and _int(right):
        assert isinstance(left, int) and isinstance(right, int)
        if left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise _Raised
    for seq, n in ((left, right), (right, left)):
        if isinstance(seq, str | tuple | list) and isinstance(n, int) and len(seq) * max(n, 0) > MAX_LEN:
            raise _Raised


def _check_add(left: object, right: object) -> None:
    if isinstance(left, str | tuple | list) and isinstance(right, str | tuple | list):
        _check_len(len(left) + len(right))


def _bounded(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        return UNKNOWN_VALUE
    return value


def _spec_too_wide(spec: str) -> bool:
    digits = "".join(ch if ch.isdigit() else " " for ch in spec).split()
    return any(len(d) > 3 for d in digits)


def _plain(value: object) -> bool:
    return isinstance(value, int | float | str | tuple | list | bool) or value is None


def _contains_unknown(value: object) -> bool:
    if value is UNKNOWN_VALUE:
        return True
    if isinstance(value, tuple | list):
        return any(v is UNKNOWN_VALUE for v in value)
    return False


def _same_value(a: object, b: object) -> bool:
    if a is b:
        return True
    if _contains_unknown(a) or _contains_unknown(b):
        return False
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:
        return False


def _hashable(value: object) -> object:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        raise _Raised
    return value


def freeze(value: object) -> object:
    """A value as record fields and the front end hold it: immutable, lists become tuples."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def _mark_unknown(stmt: ast.stmt, scope: dict[str, object]) -> None:
    """Every name a statement could bind becomes unknown."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            scope[node.id] = UNKNOWN_VALUE
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            scope[node.name] = UNKNOWN_VALUE
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                if alias.name != "*":
                    scope[(alias.asname or alias.name).split(".")[0]] = UNKNOWN_VALUE


def _load(target: ast.expr) -> ast.expr:
    if isinstance(target, ast.Name):
        return ast.Name(target.id, ast.Load())
    return target


def _decorator_name(node: ast.expr) -> str:
    """`dataclasses.dataclass` for `@dataclasses.dataclass(frozen=True)`; '' when it is no dotted name."""
    return dotted_name(node.func if isinstance(node, ast.Call) else node) or ""


def _is_classvar(annotation: ast.expr) -> bool:
    head = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return _decorator_name(head).endswith("ClassVar")


# ---------------------------------------------------------------- operator tables
_BINOPS: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow,
    ast.LShift: operator.lshift, ast.RShift: operator.rshift, ast.BitAnd: operator.and_,
    ast.BitOr: operator.or_, ast.BitXor: operator.xor,
}  # fmt: skip
_CMPOPS: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge,
}  # fmt: skip


def safe_binop(op: str, left: object, right: object) -> object:
    """Bounded arithmetic for the front end's folder (`op` is the source operator text)."""
    node = _OP_TEXT.get(op)
    if node is None:
        return UNKNOWN_VALUE
    try:
        return Evaluator(steps=16).binop(node, left, right)
    except (_Raised, StepsExhausted, ArithmeticError, ValueError, TypeError):
        return UNKNOWN_VALUE


def safe_compare(op: str, left: object, right: object) -> object:
    """A comparison for the front end's folder (`op` is the source operator text), as the evaluator does it."""
    node = _CMP_TEXT.get(op)
    if node is None:
        return UNKNOWN_VALUE
    try:
        return _CMPOPS[node](left, right)
    except TypeError:
        return UNKNOWN_VALUE


_CMP_TEXT: dict[str, type[ast.cmpop]] = {
    "==": ast.Eq, "!=": ast.NotEq, "<": ast.Lt, "<=": ast.LtE, ">": ast.Gt, ">=": ast.GtE,
}  # fmt: skip
_OP_TEXT: dict[str, ast.operator] = {
    "+": ast.Add(), "-": ast.Sub(), "*": ast.Mult(), "/": ast.Div(), "//": ast.FloorDiv(), "%": ast.Mod(),
    "**": ast.Pow(), "<<": ast.LShift(), ">>": ast.RShift(), "&": ast.BitAnd(), "|": ast.BitOr(),
    "^": ast.BitXor(),
}  # fmt: skip


# ---------------------------------------------------------------- built-ins
def _numbers(args: list[object]) -> list[Any]:
    if any(not isinstance(a, int | float) for a in args):
        raise _Raised
    return args


def _minmax(fn: Callable[..., Any]) -> Callable[[Evaluator, list[object], dict[str, object]], object]:
    def impl(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
        if kwargs.keys() - {"default"}:
            return UNKNOWN_VALUE
        items = ev.iterate(args[0]) if len(args) == 1 else args
        if items is None or _contains_unknown(items):
            return UNKNOWN_VALUE
        if not items and "default" in kwargs:
            return kwargs["default"]
        return fn(items)

    return impl


def _range(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    if kwargs or not 1 <= len(args) <= 3 or not all(_int(a) for a in args):
        return UNKNOWN_VALUE
    r = range(*args)  # type: ignore[call-overload]
    return r if len(r) <= MAX_LEN else UNKNOWN_VALUE


def _convert(kind: type) -> Callable[[Evaluator, list[object], dict[str, object]], object]:
    def impl(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
        if kwargs or len(args) > 1 or (args and _contains_unknown(args[0])):
            return UNKNOWN_VALUE
        if not args:
            return kind()
        value = args[0]
        if kind in (tuple, list):
            items = ev.iterate(value)
            return UNKNOWN_VALUE if items is None else kind(items)
        if kind is dict:
            return dict(value) if isinstance(value, dict) else UNKNOWN_VALUE
        if kind is str and not _plain(value):
            return UNKNOWN_VALUE
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
    if items is None or kwargs.keys() - {"reverse"} or _contains_unknown(items):
        return UNKNOWN_VALUE
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
    if items is None or not _int(start):
        return UNKNOWN_VALUE
    return [(start + i, v) for i, v in enumerate(items)]  # type: ignore[operator]


def _zip(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    lists = [ev.iterate(a) for a in args]
    if any(items is None for items in lists):
        return UNKNOWN_VALUE
    return [tuple(t) for t in zip(*lists, strict=False)]  # type: ignore[arg-type]


def _reversed(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    items = ev.iterate(args[0]) if len(args) == 1 else None
    return UNKNOWN_VALUE if items is None else items[::-1]


def _isinstance(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    if len(args) != 2 or _contains_unknown(args[0]):
        return UNKNOWN_VALUE
    kinds = args[1] if isinstance(args[1], tuple) else (args[1],)
    types = [_TYPE_OF.get(k.name) if isinstance(k, Builtin) else None for k in kinds]
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
        record.cls, record.class_name, tuple((k, freeze(kwargs.get(k, v))) for k, v in record.fields)
    )


def _getenv(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    if not args or not isinstance(args[0], str):
        return UNKNOWN_VALUE
    default = args[1] if len(args) > 1 else kwargs.get("default")
    return ev.environ.get(args[0], default)  # type: ignore[return-value]


def _math(fn: Callable[..., Any]) -> Callable[[Evaluator, list[object], dict[str, object]], object]:
    def impl(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
        if kwargs:
            return UNKNOWN_VALUE
        return _bounded(fn(*_numbers(args)))

    return impl


def _prod(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    items = ev.iterate(args[0]) if args else None
    if items is None:
        return UNKNOWN_VALUE
    total: object = 1
    for item in items:
        total = ev.binop(ast.Mult(), total, item)
    return total


def _opaque(ev: Evaluator, args: list[object], kwargs: dict[str, object]) -> object:
    return UNKNOWN_VALUE


_BUILTINS: dict[str, Callable[[Evaluator, list[object], dict[str, object]], object]] = {
    "min": _minmax(min), "max": _minmax(max), "range": _range, "len": _len, "sum": _sum, "abs": _abs,
    "round": _round, "pow": _pow, "divmod": _divmod, "sorted": _sorted, "any": _anyall(any),
    "all": _anyall(all), "enumerate": _enumerate, "zip": _zip, "reversed": _reversed,
    "isinstance": _isinstance, "int": _convert(int), "float": _convert(float), "bool": _convert(bool),
    "str": _convert(str), "tuple": _convert(tuple), "list": _convert(list), "dict": _convert(dict),
    "dataclasses.replace": _replace, "os.getenv": _getenv, "os.environ.get": _getenv,
    "math.ceil": _math(math.ceil), "math.floor": _math(math.floor), "math.sqrt": _math(math.sqrt),
    "math.log2": _math(math.log2), "math.log": _math(math.log), "math.gcd": _math(math.gcd),
    "math.lcm": _math(math.lcm), "math.isqrt": _math(math.isqrt), "math.prod": _prod, "math.exp": _math(math.exp),
    "dataclass": _opaque, "field": _opaque, "print": _opaque,
}  # fmt: skip
_TYPE_OF: dict[str, type] = {
    "int": int,
    "float": float,
    "str": str,
    "bool": bool,
    "tuple": tuple,
    "list": list,
    "dict": dict,
}
_BUILTIN_NAMES: dict[str, object] = {
    name: Builtin(name)
    for name in ("min", "max", "range", "len", "sum", "abs", "round", "pow", "divmod", "sorted", "any", "all",
                 "enumerate", "zip", "reversed", "isinstance", "int", "float", "bool", "str", "tuple", "list",
                 "dict", "print")
}  # fmt: skip
_BUILTIN_NAMES.update({"True": True, "False": False, "None": None})


@dataclass(frozen=True, slots=True)
class _EnvironMapping:
    """`os.environ`, as the `pypto.env` setting gives it (nothing else of the real environment)."""

    values: Mapping[str, str]


def _os(ev: Evaluator) -> ModuleValue:
    return ModuleValue("os", {"environ": _EnvironMapping(ev.environ), "getenv": Builtin("os.getenv"),
                              "path": ModuleValue("os.path", {}), "sep": "/"})  # fmt: skip


def _sys(ev: Evaluator) -> ModuleValue:
    # The module is not run from a command line: the argument list holds only the program name.
    return ModuleValue("sys", {"argv": ["<script>"], "maxsize": 2**63 - 1, "platform": "linux"})


def _math_module(ev: Evaluator) -> ModuleValue:
    names: dict[str, object] = {k.split(".", 1)[1]: Builtin(k) for k in _BUILTINS if k.startswith("math.")}
    names.update({"pi": math.pi, "e": math.e, "inf": math.inf})
    return ModuleValue("math", names)


def _dataclasses(ev: Evaluator) -> ModuleValue:
    return ModuleValue("dataclasses", {"dataclass": Builtin("dataclass"), "field": Builtin("field"),
                                       "replace": Builtin("dataclasses.replace")})  # fmt: skip


def _opaque_module(name: str) -> Callable[[Evaluator], ModuleValue]:
    return lambda ev: ModuleValue(name, {})


_KNOWN_MODULES: dict[str, Callable[[Evaluator], ModuleValue]] = {
    "os": _os, "sys": _sys, "math": _math_module, "dataclasses": _dataclasses,
    **{name: _opaque_module(name) for name in ("typing", "functools", "enum", "argparse", "pathlib", "torch",
                                               "numpy", "collections", "itertools", "__future__", "abc",
                                               "re", "json", "logging", "time", "subprocess", "importlib",
                                               "shutil", "random", "ctypes", "builtins", "io", "socket")},
}  # fmt: skip


class _PyptoNames(Mapping[str, object]):
    """The names of a `pypto` module: DSL values (`pl.FP32`, `pl.SplitMode.NONE`) and namespaces."""

    def __init__(self, module: str) -> None:
        self.module = module

    def __getitem__(self, key: str) -> object:
        if self.module == "pypto.language":
            return _dsl_attribute(f"pl.{key}")
        if self.module == "pypto.language.distributed":
            return _dsl_attribute(f"pld.{key}")
        return UNKNOWN_VALUE

    def __iter__(self) -> Any:
        return iter(())

    def __len__(self) -> int:
        return 0


def _dsl_attribute(dotted: str) -> object:
    """A DSL constant (`pl.FP32`, `pl.Mem.Vec`, `pl.AUTO`), else the name itself (a namespace, an op)."""
    value = dsl_constant(dotted)
    return DslName(dotted) if value is None else value


def _dsl_call(dotted: str, args: list[object], kwargs: dict[str, object]) -> object:
    if dotted in ("pl.dynamic", "pld.dynamic") and args and isinstance(args[0], str):
        return Dynamic(args[0])
    return UNKNOWN_VALUE


# ---------------------------------------------------------------- methods of built-in values
_METHODS = frozenset(
    {"get", "items", "keys", "values", "lower", "upper", "strip", "lstrip", "rstrip", "split", "rsplit",
     "startswith", "endswith", "replace", "join", "append", "extend", "index", "count", "copy", "isdigit",
     "removeprefix", "removesuffix"}
)  # fmt: skip


def _call_method(
    ev: Evaluator, obj: object, name: str, args: list[object], kwargs: dict[str, object]
) -> object:
    if _contains_unknown(list(args)) or kwargs.keys() - {"maxsplit", "default"}:
        return UNKNOWN_VALUE
    if isinstance(obj, _EnvironMapping):
        return _getenv(ev, args, kwargs) if name == "get" else UNKNOWN_VALUE
    if isinstance(obj, dict):
        if name == "get":
            key = _hashable(args[0])
            return obj.get(key, args[1] if len(args) > 1 else None)
        if name in ("items", "keys", "values"):
            return list(getattr(obj, name)())
        if name == "copy":
            return dict(obj)
        return UNKNOWN_VALUE
    if isinstance(obj, list) and name in ("append", "extend"):
        if name == "append":
            _check_len(len(obj) + 1)
            obj.append(args[0])
        else:
            items = ev.iterate(args[0])
            if items is None:
                raise _Raised
            _check_len(len(obj) + len(items))
            obj.extend(items)
        return None
    if isinstance(obj, str):
        if name == "replace":
            if len(args) != 2 or not all(isinstance(a, str) for a in args):
                return UNKNOWN_VALUE
            old, new = args
            assert isinstance(old, str) and isinstance(new, str)
            grows = (len(new) - len(old)) * (obj.count(old) if old else len(obj) + 1)
            _check_len(len(obj) + max(grows, 0))
            return obj.replace(old, new)
        if name == "join":
            items = ev.iterate(args[0]) if args else None
            if items is None or not all(isinstance(i, str) for i in items):
                return UNKNOWN_VALUE
            _check_len(sum(len(str(i)) for i in items) + len(obj) * len(items))
            return obj.join(items)  # type: ignore[arg-type]
        if name in ("split", "rsplit") and args and not isinstance(args[0], str | None):
            return UNKNOWN_VALUE
    if isinstance(obj, str | tuple | list) and name in _METHODS:
        method = getattr(obj, name, None)
        if method is None:
            return UNKNOWN_VALUE
        return freeze(method(*args, **kwargs)) if name in ("split", "rsplit") else method(*args, **kwargs)
    return UNKNOWN_VALUE


def evaluate_module(tree: ast.Module, environ: Mapping[str, str], importer: Importer) -> dict[str, object]:
    """Evaluate one module's top-level code under the module budget; every failure is UNKNOWN_VALUE."""
    evaluator = Evaluator(environ=environ, importer=importer)
    scope: dict[str, object] = {"__name__": "<module>"}  # imported, not run as a script
    try:
        evaluator.block(tree.body, scope, top_level=True)
    except StepsExhausted:
        pass  # the statements not reached are already unknown
    except RecursionError:
        return {name: UNKNOWN_VALUE for name in _module_names(tree)}
    scope.pop("__name__", None)
    return scope


def _module_names(tree: ast.Module) -> list[str]:
    scope: dict[str, object] = {}
    for stmt in tree.body:
        _mark_unknown(stmt, scope)
    return list(scope)


def attribute_of(value: object, name: str) -> object:
    """`value.name` for a folded module value (a record field or property, a module name), bounded."""
    try:
        return freeze(Evaluator(steps=EXPR_STEPS).attribute(value, name))
    except (StepsExhausted, _Raised, _Return, ArithmeticError, ValueError, TypeError, RecursionError):
        return UNKNOWN_VALUE


def evaluate_statements(
    stmts: list[ast.stmt], env: Mapping[str, object], bound: Mapping[str, object]
) -> dict[str, object]:
    """Run statements in a scope of their own (`bound` first, then `env`), under a small budget; the names
    they bind, with their values (what a factory function computes before it builds a DSL program)."""
    scope = _Frame(env, dict(bound))
    with contextlib.suppress(StepsExhausted, RecursionError):
        Evaluator(steps=EXPR_STEPS).block(stmts, scope, top_level=True)
    return {k: freeze(v) for k, v in dict.items(scope)}


def evaluate_expression(node: ast.expr, env: Mapping[str, object]) -> object:
    """One expression over known values, under a small budget (UNKNOWN_VALUE past it)."""
    scope = _Frame(env, {} if "pl" in env else {"pl": DslName("pl"), "pld": DslName("pld")})
    try:
        return freeze(Evaluator(steps=EXPR_STEPS).expr(node, scope))
    except (StepsExhausted, RecursionError):
        return UNKNOWN_VALUE
