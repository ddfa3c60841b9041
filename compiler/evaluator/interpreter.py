"""The interpreter: statements and expressions of configuration code, run under the evaluator's bounds."""

from __future__ import annotations

import ast
import contextlib
import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.evaluator.builtins import (
    BUILTIN_NAMES,
    BUILTINS,
    KNOWN_MODULES,
    METHODS,
    PyptoNames,
    call_method,
    dsl_attribute,
    dsl_call,
)
from compiler.evaluator.limits import (
    EXPR_STEPS,
    MAX_CALL_DEPTH,
    MAX_INT_BITS,
    MAX_LEN,
    MODULE_STEPS,
    Raised,
    StepsExhausted,
    bounded,
    check_add,
    check_len,
    check_mult,
    check_pow,
    check_shift,
    freeze,
    hashable,
    same_value,
    spec_too_wide,
)
from compiler.evaluator.values import (
    UNKNOWN_VALUE,
    BoundMethod,
    Builtin,
    ClassValue,
    DslName,
    EnvironMapping,
    FunctionValue,
    Importer,
    ModuleValue,
    Record,
    contains_unknown,
    no_imports,
    plain,
)
from compiler.types import DTypeValue, EnumValue


class _Return(Exception):
    def __init__(self, value: object) -> None:
        self.value = value


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


@dataclass(slots=True)
class Evaluator:
    """One bounded evaluation (a module, or a single expression)."""

    environ: Mapping[str, str] = field(default_factory=dict)
    importer: Importer = no_imports
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
            except (Raised, _Return, _Break, _Continue):
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
            raise Raised
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
            except (Raised, _Return, _Break, _Continue):
                continue  # a branch that leaves the block says nothing about the names after it
            results.append(copy)
        if not results:
            raise Raised
        if len(results) == 1:
            scope.update(results[0])
            return
        for name in set(results[0]) | set(results[1]):
            a, b = results[0].get(name, UNKNOWN_VALUE), results[1].get(name, UNKNOWN_VALUE)
            scope[name] = a if same_value(a, b) else UNKNOWN_VALUE

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
        except Raised:
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
            known = KNOWN_MODULES.get(name)
            if known is not None:
                return known(self)
            if name.startswith("pypto"):
                return ModuleValue(name, PyptoNames(name))
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
                        raise Raised
                    container[key] = value  # type: ignore[index,call-overload]
                except (TypeError, IndexError, KeyError) as exc:
                    raise Raised from exc
        # Attribute stores (`obj.x = ...`) and slice stores (`sys.argv[:] = ...`) change nothing we model.

    # ------------------------------------------------------------ expressions
    def expr(self, node: ast.expr, scope: Mapping[str, object]) -> object:
        """The value of an expression, or UNKNOWN_VALUE."""
        self.tick()
        try:
            return self._expr(node, scope)
        except (Raised, ArithmeticError, ValueError, TypeError, KeyError, IndexError, AttributeError):
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
            return BUILTIN_NAMES.get(node.id, UNKNOWN_VALUE)
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
                return a if same_value(a, b) else UNKNOWN_VALUE
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
                    out[hashable(self.expr(key, scope))] = self.expr(item_node, scope)
                check_len(len(out))
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
                    raise Raised
                out.extend(items)
            else:
                out.append(self.expr(elt, scope))
            check_len(len(out))
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
            check_pow(left, right)
        elif isinstance(op, ast.LShift):
            check_shift(left, right)
        elif isinstance(op, ast.Mult):
            check_mult(left, right)
        elif isinstance(op, ast.Add):
            check_add(left, right)
        elif isinstance(op, ast.Mod) and isinstance(left, str):
            return UNKNOWN_VALUE  # printf-style formatting can pad without bound
        fn = _BINOPS.get(type(op))
        if fn is None or not plain(left) or not plain(right):
            return UNKNOWN_VALUE
        result = fn(left, right)
        return bounded(result)

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
            if contains_unknown(left) or contains_unknown(right):
                return UNKNOWN_VALUE
            if isinstance(op, ast.In | ast.NotIn):
                if isinstance(right, EnvironMapping):
                    found = isinstance(left, str) and left in right.values
                elif isinstance(right, str | tuple | list | dict):
                    found = hashable(left) in right if isinstance(right, dict) else left in right  # type: ignore[operator]
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
            if any(contains_unknown(p) for p in parts) or not isinstance(container, tuple | list | str):
                return UNKNOWN_VALUE
            return container[slice(*parts)]  # type: ignore[arg-type]
        key = self.expr(index_node, scope)
        if contains_unknown(key) or (
            contains_unknown(container) and not isinstance(container, tuple | list | dict)
        ):
            return UNKNOWN_VALUE
        if isinstance(container, EnvironMapping):
            if isinstance(key, str) and key in container.values:
                return container.values[key]
            return UNKNOWN_VALUE
        if isinstance(container, dict):
            return container[hashable(key)]
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
            return dsl_attribute(f"{value.dotted}.{name}")
        if isinstance(value, str | dict | list | tuple | EnvironMapping) and name in METHODS:
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
            impl = BUILTINS.get(func.name)
            return impl(self, args, kwargs) if impl is not None else UNKNOWN_VALUE
        if isinstance(func, BoundMethod):
            if isinstance(func.obj, Record):
                method = func.obj.cls.methods[func.name]
                return self.call_function(method, [func.obj, *args], kwargs)
            return call_method(self, func.obj, func.name, args, kwargs)
        if isinstance(func, DslName):
            return dsl_call(func.dotted, args, kwargs)
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
            except (Raised, _Break, _Continue):
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
                check_len(len(results))
                return
            gen = node.generators[index]
            items = self.iterate(self.expr(gen.iter, local))
            if items is None:
                raise Raised
            for item in items:
                self.assign(gen.target, item, local)
                if all(self.truth(self.expr(cond, local)) is True for cond in gen.ifs):
                    run(index + 1)

        run(0)
        if isinstance(node, ast.DictComp):
            pairs: list[tuple[object, object]] = results  # type: ignore[assignment]
            return {hashable(k): v for k, v in pairs}
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
            if contains_unknown(item) or not plain(item):
                return UNKNOWN_VALUE
            spec_node = value.format_spec
            spec = self.fstring(spec_node, scope) if isinstance(spec_node, ast.JoinedStr) else ""
            if not isinstance(spec, str) or spec_too_wide(spec):
                return UNKNOWN_VALUE
            if value.conversion == ord("r"):
                item = repr(item)
            parts.append(format(item, spec))
            check_len(sum(len(p) for p in parts))
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
    if isinstance(node, ast.Call):
        node = node.func
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return ""


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
    except (Raised, StepsExhausted, ArithmeticError, ValueError, TypeError):
        return UNKNOWN_VALUE


_OP_TEXT: dict[str, ast.operator] = {
    "+": ast.Add(), "-": ast.Sub(), "*": ast.Mult(), "/": ast.Div(), "//": ast.FloorDiv(), "%": ast.Mod(),
    "**": ast.Pow(), "<<": ast.LShift(), ">>": ast.RShift(), "&": ast.BitAnd(), "|": ast.BitOr(),
    "^": ast.BitXor(),
}  # fmt: skip


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
    except (StepsExhausted, Raised, _Return, ArithmeticError, ValueError, TypeError, RecursionError):
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
