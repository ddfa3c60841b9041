"""The interpreter: statements and expressions of configuration code, run under the evaluator's bounds."""

from __future__ import annotations

import ast
import builtins
import contextlib
import operator
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.evaluator.builtins import (
    BUILTIN_NAMES,
    BUILTINS,
    KNOWN_MODULES,
    METHODS,
    MUTATORS,
    PyptoNames,
    call_method,
    dsl_attribute,
    dsl_call,
)
from compiler.evaluator.limits import (
    ELEMENTS_PER_STEP,
    EXPR_STEPS,
    MAX_CALL_DEPTH,
    MAX_EXPORT_SIZE,
    MAX_INT_BITS,
    MAX_LEN,
    MAX_SIZE,
    MODULE_STEPS,
    Raised,
    StepsExhausted,
    Unmodelled,
    bounded,
    check_add,
    check_len,
    check_mult,
    check_pow,
    check_shift,
    frozen_copy,
    hashable,
    is_scalar,
    measure,
    same_value,
    spec_too_wide,
)
from compiler.evaluator.values import (
    UNKNOWN_VALUE,
    BoundMethod,
    Builtin,
    ClassValue,
    DeclaredAlloc,
    DslName,
    EnvironMapping,
    FunctionValue,
    Importer,
    ImportFault,
    ModuleValue,
    Record,
    contains_unknown,
    no_imports,
    plain,
)
from compiler.syntax import dotted_name
from compiler.vocabulary import DTypeValue, EnumValue


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
    pool: list[int] | None = None  # [steps left, evaluations starved], shared by one analysis's modules
    # Containers a refused change (too large, a cycle, an unknown item) left with an unknown content, by id
    # (the object is kept so that its id stays its own).
    lost: dict[int, object] = field(default_factory=dict)
    bound_names: dict[int, tuple[ast.stmt, tuple[str, ...]]] = field(default_factory=dict)
    imported: dict[tuple[str, int], ModuleValue | None] = field(default_factory=dict)
    changed: list[object] | None = None  # containers changed in place, while both branches of an `if` run
    fault: ImportFault | None = None  # the first module-level statement proven to raise (the import fails)

    # ------------------------------------------------------------ budget
    def tick(self, n: int = 1) -> None:
        """Spend steps (of this evaluation, and of the shared pool when there is one); past either budget
        the whole evaluation stops."""
        self.steps -= n
        if self.steps < 0:
            raise StepsExhausted
        if self.pool is not None:
            self.pool[0] -= n
            if self.pool[0] < 0:
                self.pool[1] += 1  # starved: what this evaluation computes is not final
                raise StepsExhausted

    def work(self, elements: int) -> None:
        """Charge walking or copying this many elements."""
        self.tick(1 + elements // ELEMENTS_PER_STEP)

    def weigh(self, value: object, avoid: object = None) -> int:
        """The size of a value (see `limits.measure`), its walk charged; Unmodelled when it is too large or
        cyclic, or holds `avoid`."""
        if avoid is None and is_scalar(value):
            return 1
        size, walked = measure(value, MAX_SIZE, avoid, self.lost)
        self.work(walked)
        return size

    def made(self, value: object) -> object:
        """A value this evaluation just built: charged, and refused (Unmodelled) past MAX_SIZE."""
        self.weigh(value)
        return value

    def key(self, value: object) -> object:
        """A value as a dict key (Raised when Python would not hash it), its hashing charged."""
        self.weigh(value)
        return hashable(value)

    def same(self, a: object, b: object) -> bool:
        """Equal known values of one type (bounded: a value too large to compare is not the same)."""
        if a is b:
            return True
        try:
            self.weigh(a)
            self.weigh(b)
        except Unmodelled:
            return False
        return same_value(a, b)

    def lose(self, container: object, charge: bool = True) -> None:
        """The content of a list, dict or record is no longer known (a change we did not model, or code we
        do not run may hold it): it is unknown from now on, wherever it is, and so is every container inside
        it (the code that changed it may have kept them). The walk is charged unless `charge` is False."""
        todo = [container]
        seen: set[int] = set()
        walked = 0
        while todo and len(seen) < MAX_SIZE:
            item = todo.pop()
            if id(item) in seen:
                continue
            seen.add(id(item))
            if isinstance(item, list | dict | Record | ClassValue):
                self.lost[id(item)] = item
            children = _children_of(item)
            walked += len(children)
            todo.extend(v for v in children if not is_scalar(v))
        if charge:
            self.work(walked)

    def change(self, container: object) -> None:
        """Note an in-place change (to forget it when it happened in a branch that may not run)."""
        if self.changed is not None:
            self.changed.append(container)

    def copy_scope(self, scope: Mapping[str, object]) -> dict[str, object]:
        """A copy of a scope's own names (a function's locals keep their globals), charged."""
        self.work(len(scope) if not isinstance(scope, _Frame) else dict.__len__(scope))
        return _copy_scope(scope)

    def export(self, value: object, limit: int = MAX_SIZE) -> object:
        """A value handed to the front end: frozen, bounded, with lost containers unknown (charged)."""
        if is_scalar(value):
            return value
        try:
            walked = measure(value, limit)[1]
        except Unmodelled:
            return UNKNOWN_VALUE
        self.work(2 * walked)  # measured, then copied
        return frozen_copy(value, self.lost)

    def export_scope(self, scope: Mapping[str, object], frozen: bool = True) -> dict[str, object]:
        """Every name of a finished evaluation, exported (frozen, or only checked when not `frozen`: a
        module's lists stay lists for the modules that import it); past MAX_EXPORT_SIZE elements in all,
        unknown, and so is a value that holds a container whose content was lost."""
        left = MAX_EXPORT_SIZE
        sizes: dict[int, int] = {}  # one walk of each container, however many names share it
        out: dict[str, object] = {}
        for name, value in dict.items(scope) if isinstance(scope, _Frame) else scope.items():
            exported = value
            if not is_scalar(value):
                try:
                    size = (
                        measure(value, min(left, MAX_SIZE), None, self.lost, sizes)[0] if left > 0 else None
                    )
                except Unmodelled:
                    size = None
                if size is None:
                    exported = UNKNOWN_VALUE
                else:
                    exported = frozen_copy(value, self.lost) if frozen else value
                    left -= size
            out[name] = exported
        return out

    # ------------------------------------------------------------ modules
    def block(self, stmts: Iterable[ast.stmt], scope: dict[str, object], top_level: bool = False) -> None:
        """Run statements; at module level a failing statement only makes its own names unknown."""
        stmts = list(stmts)
        for index, stmt in enumerate(stmts):
            if not top_level:
                self.stmt(stmt, scope)
                continue
            if isinstance(stmt, ast.Assert) and self.assertion_fails(stmt, scope):
                for rest in stmts[index:]:  # the import stops here
                    self.mark_unknown(rest, scope, charge=False)
                return
            try:
                self.stmt(stmt, scope)
            except Unmodelled:
                self.mark_unknown(stmt, scope, charge=False)  # its effect is unknown; the module goes on
            except (Raised, _Return, _Break, _Continue) as exc:
                if isinstance(exc, Raised) and not isinstance(stmt, ast.Try):
                    self.note_fault(stmt, exc)
                if isinstance(stmt, ast.Raise | ast.If | ast.Try):
                    # The module would stop importing here: what follows has no known value.
                    for rest in stmts[index:]:
                        self.mark_unknown(rest, scope, charge=False)
                    return
                self.mark_unknown(stmt, scope, charge=False)
            except StepsExhausted:
                for rest in stmts[index:]:
                    self.mark_unknown(rest, scope, charge=False)
                raise

    def assertion_fails(self, stmt: ast.Assert, scope: dict[str, object]) -> bool:
        """True when a module-level `assert` is proven false (noted as the module's import fault)."""
        try:
            holds = self.truth(self.expr(stmt.test, scope))
        except Exception:  # a bound of ours or an error: not proven
            return False
        if holds is not False:
            return False
        words = "assert " + _source(stmt.test)
        if stmt.msg is not None:
            with contextlib.suppress(Exception):
                message = self.expr(stmt.msg, scope)
                if isinstance(message, str) and len(message) <= 300:
                    words = message
        self.set_fault(stmt, f"AssertionError: {words}")
        return True

    def note_fault(self, stmt: ast.stmt, exc: Raised) -> None:
        """A module-level statement raised: Python's own arithmetic error, or a `raise` the program runs,
        makes the import fail. Other errors may be gaps of the model, never reported."""
        cause = exc.__cause__
        if isinstance(cause, ArithmeticError):
            self.set_fault(stmt, f"{type(cause).__name__}: {cause}")
        elif exc.explicit is not None:
            self.set_fault(stmt, exc.explicit)

    def set_fault(self, stmt: ast.stmt, error: str) -> None:
        """Note the first statement that makes the import fail (an error with a message: `XError: ...`)."""
        if self.fault is None and _ERROR_WORDS.match(error):
            end_line = stmt.end_lineno if stmt.end_lineno is not None else stmt.lineno
            end_col = stmt.end_col_offset if stmt.end_col_offset is not None else stmt.col_offset
            if end_line != stmt.lineno:  # a statement over several lines: its first line
                end_line, end_col = stmt.lineno, 10_000
            self.fault = ImportFault(stmt.lineno, stmt.col_offset, end_line, end_col, error[:400])

    def stmt(self, stmt: ast.stmt, scope: dict[str, object]) -> None:
        """Run one statement; an error Python would raise here (`X /= 0`) is a `raise` of user code."""
        self.tick()
        try:
            self._stmt(stmt, scope)
        except (RecursionError, MemoryError) as exc:
            raise Unmodelled from exc  # our own limits, not the program's
        except _PYTHON_ERRORS as exc:
            raise Raised(type(exc)) from exc

    def names_bound_by(self, stmt: ast.stmt) -> tuple[str, ...]:
        """The names a statement could bind or change in place (found once per statement)."""
        cached = self.bound_names.get(id(stmt))
        if cached is None or cached[0] is not stmt:
            cached = self.bound_names[id(stmt)] = (stmt, _bound_names(stmt))
        return cached[1]

    def mark_unknown(self, stmt: ast.stmt, scope: dict[str, object], charge: bool = True) -> None:
        """Every name a statement could bind becomes unknown (found once per statement). Uncharged at module
        level, where it runs once per statement, even after the budget ran out."""
        names = self.names_bound_by(stmt)
        if charge:
            self.work(len(names))
        for name in names:
            old = scope.get(name)
            if isinstance(old, list | dict | Record | ClassValue):
                self.lose(old, charge)  # the statement may have changed it in place, through any of its names
            scope[name] = UNKNOWN_VALUE

    def _stmt(self, stmt: ast.stmt, scope: dict[str, object]) -> None:
        if isinstance(stmt, ast.Assign):
            value = self.expr(stmt.value, scope)
            for target in stmt.targets:
                self.assign(target, value, scope)
        elif isinstance(stmt, ast.AnnAssign):
            if stmt.value is not None:
                self.assign(stmt.target, self.expr(stmt.value, scope), scope)
        elif isinstance(stmt, ast.AugAssign):
            self.aug_assign(stmt, scope)
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
            kinds = _exception_classes(stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc)
            kind = kinds[0] if kinds and len(kinds) == 1 else None
            raise Raised(kind, self.raised_words(stmt, kind, scope))
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
        elif isinstance(stmt, ast.Delete):
            for target in stmt.targets:
                self.delete(target, scope)
        elif isinstance(stmt, ast.Assert | ast.Pass | ast.Global | ast.Nonlocal):
            return  # asserts are the module's own checks; evaluating them changes no value
        else:
            self.mark_unknown(stmt, scope)

    def raised_words(
        self, stmt: ast.Raise, kind: type[BaseException] | None, scope: Mapping[str, object]
    ) -> str | None:
        """`ValueError: unsupported TP=3` for `raise ValueError(f"unsupported TP={TP}")`, as Python prints it
        (None when the class is not a built-in one or the message is not known)."""
        if kind is None or stmt.exc is None:
            return None
        call = stmt.exc if isinstance(stmt.exc, ast.Call) else None
        if call is None or (not call.args and not call.keywords):
            return kind.__name__
        if len(call.args) != 1 or call.keywords:
            return None
        try:
            message = self.expr(call.args[0], scope)
        except Exception:
            return None
        if isinstance(message, str | int | float) and not isinstance(message, bool):
            text = message if isinstance(message, str) else repr(message)
            return f"{kind.__name__}: {text}" if text else kind.__name__
        return None

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
        # The kinds only: an exception kept here would hold this frame through its traceback (a cycle
        # that keeps every value of the evaluation alive until a collection).
        raised: list[type[BaseException] | None] = []
        outer, self.changed = self.changed, []
        try:
            for branch in (body, orelse):
                copy = self.copy_scope(scope)
                try:
                    self.block(branch, copy)
                except Raised as exc:
                    raised.append(exc.kind)
                    continue  # a branch that leaves the block says nothing about the names after it
                except (_Return, _Break, _Continue):
                    continue
                results.append(copy)
        finally:
            changed, self.changed = self.changed, outer
            for container in changed:  # changed in place by a branch that may not run
                self.lose(container)
            if outer is not None:
                outer.extend(changed)
        if len(raised) == 2:
            raise Raised(raised[0] if raised[0] is raised[1] else None)
        if not results:
            raise Unmodelled  # it returns, breaks or continues, from one branch or the other
        if len(results) == 1:
            scope.update(results[0])
            return
        for name in set(results[0]) | set(results[1]):
            a, b = results[0].get(name, UNKNOWN_VALUE), results[1].get(name, UNKNOWN_VALUE)
            scope[name] = a if self.same(a, b) else UNKNOWN_VALUE

    def for_stmt(self, stmt: ast.For, scope: dict[str, object]) -> None:
        """Iterate a known, bounded iterable; otherwise the loop's names become unknown."""
        items = self.iterate(self.expr(stmt.iter, scope))
        if items is None:
            self.unknown_loop(stmt, scope)
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
                self.unknown_loop(stmt, scope)
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

    def unknown_loop(self, stmt: ast.For | ast.While, scope: dict[str, object]) -> None:
        """A loop we cannot run: its names become unknown, unless it may leave the function (Unmodelled)."""
        if any(isinstance(node, ast.Return | ast.Raise) for node in ast.walk(stmt)):
            raise Unmodelled
        self.mark_unknown(stmt, scope)

    def try_stmt(self, stmt: ast.Try, scope: dict[str, object]) -> None:
        """`try` body; when it raises, the handler that matches the exception runs (as far as it is known:
        an exception of unknown class that only some handlers could catch makes the statement unknown)."""
        rebound = {name: scope.get(name) for body in stmt.body for name in self.names_bound_by(body)}
        try:
            self.block(stmt.body, scope)
        except Raised as exc:
            handler = self.handler_for(stmt.handlers, exc, scope)
            if handler is None:
                raise
            if handler.name:
                scope[handler.name] = UNKNOWN_VALUE
            self.block(handler.body, scope)
        else:
            self.forget_unsure_rebinds(rebound, scope)
            self.block(stmt.orelse, scope)
        self.block(stmt.finalbody, scope)

    def forget_unsure_rebinds(self, before: dict[str, object], scope: dict[str, object]) -> None:
        """A `try` body that computed an unknown may have raised before a rebinding ran, so a name may still
        hold its old list or dict, and a later change through that name (unknown to us) reaches every holder:
        the old containers are lost."""
        self.work(len(before))
        if not any(contains_unknown(scope.get(name)) for name in before):
            return
        for name, old in before.items():
            if isinstance(old, list | dict | Record | ClassValue) and scope.get(name) is not old:
                self.lose(old)

    def handler_for(
        self, handlers: list[ast.ExceptHandler], exc: Raised, scope: Mapping[str, object]
    ) -> ast.ExceptHandler | None:
        """The `except` clause that catches `exc` (None: none does); Unmodelled when it cannot be told."""
        for handler in handlers:
            kinds = _exception_classes(handler.type)
            if kinds is None:
                raise Unmodelled  # `except SomeClass:` of the program's own: cannot tell
            if exc.kind is None:
                if BaseException in kinds or Exception in kinds:
                    return handler
                raise Unmodelled  # an exception of unknown class: this handler may or may not catch it
            if issubclass(exc.kind, kinds):
                return handler
        return None

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
                    self.work(len(module.names))
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
        """A well-known module, or one the importer reads from the workspace (once per evaluation, as
        Python keeps an imported module)."""
        if (name, level) in self.imported:
            return self.imported[name, level]
        module: ModuleValue | None = None
        known = KNOWN_MODULES.get(name) if level == 0 else None
        if known is not None:
            module = known(self)
        elif level == 0 and name.startswith("pypto"):
            module = ModuleValue(name, PyptoNames(name))
        else:
            with contextlib.suppress(RecursionError):
                module = self.importer(name, level)
        self.imported[name, level] = module
        return module

    # ------------------------------------------------------------ assignment
    def aug_assign(self, stmt: ast.AugAssign, scope: dict[str, object]) -> None:
        """`x op= y`; on a list it changes the list itself, as Python does (other names for it see it)."""
        current = self.expr(_load(stmt.target), scope)
        value = self.binop(stmt.op, current, self.expr(stmt.value, scope))
        if isinstance(current, list | dict):
            try:
                if not isinstance(value, list):
                    raise Unmodelled
                self.weigh(value, avoid=current)  # `xs += [xs]` would make a cycle
            except Unmodelled:
                self.lose(current)
                raise
            current[:] = value
            self.change(current)
            value = current
        self.assign(stmt.target, value, scope)

    def delete(self, target: ast.expr, scope: dict[str, object]) -> None:
        """`del x` / `del xs[i]`: the name or the container becomes unknown."""
        if isinstance(target, ast.Name):
            scope[target.id] = UNKNOWN_VALUE
        elif isinstance(target, ast.Tuple | ast.List):
            for elt in target.elts:
                self.delete(elt, scope)
        elif isinstance(target, ast.Subscript | ast.Attribute):
            owner = self.expr(target.value, scope)
            if isinstance(owner, list | dict | Record):
                self.lose(owner)

    def assign(self, target: ast.expr, value: object, scope: dict[str, object]) -> None:
        """Bind a target: names, tuple unpacking, list/dict items; other targets are ignored."""
        if isinstance(target, ast.Name):
            scope[target.id] = value
        elif isinstance(target, ast.Tuple | ast.List):
            star = next((i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)), None)
            items = self.iterate(value)
            n = len(target.elts)
            if items is None:
                for elt in target.elts:
                    self.assign(elt.value if isinstance(elt, ast.Starred) else elt, UNKNOWN_VALUE, scope)
                return
            if (star is None and len(items) != n) or (star is not None and len(items) < n - 1):
                raise Raised(ValueError)  # too many or not enough values to unpack
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
                    if contains_unknown(key):
                        raise Unmodelled
                    self.weigh(value, avoid=container)  # no cycle, no value past the bounds
                    if isinstance(container, dict):
                        if len(container) >= MAX_LEN:
                            raise Unmodelled
                        key = self.key(key)
                except Unmodelled:
                    self.lose(container)  # which item changed, or to what, is unknown
                    return
                container[key] = value  # type: ignore[index,call-overload]  # IndexError, TypeError: as Python
                self.change(container)
            elif isinstance(container, list | dict):
                self.lose(container)  # a slice store
            else:
                self.escape([value])  # kept by an object we do not model
        elif isinstance(target, ast.Attribute):
            owner = self.expr(target.value, scope)
            if isinstance(owner, ClassValue):
                owner.attributes[target.attr] = value
                self.change(owner)
            elif isinstance(owner, Record):
                self.lose(owner)  # a dataclass that is not frozen: its fields are no longer known
            else:
                self.escape([value])  # kept by an object we do not model (another module, say)
        # Stores on modules (`config.TP = ...`) are found by the module graph: the attribute is unknown.

    # ------------------------------------------------------------ expressions
    def expr(self, node: ast.expr, scope: Mapping[str, object]) -> object:
        """The value of an expression, or UNKNOWN_VALUE."""
        self.tick()
        try:
            value = self._expr(node, scope)
        except (Unmodelled, RecursionError, MemoryError):
            return UNKNOWN_VALUE  # an error Python raises is the statement's (`Raised`)
        if self.lost and id(value) in self.lost:
            return UNKNOWN_VALUE
        return value

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
                a, b = self.either(node.body, scope), self.either(node.orelse, scope)
                return a if self.same(a, b) else UNKNOWN_VALUE
            return self.expr(node.body if test else node.orelse, scope)
        if isinstance(node, ast.Tuple):
            return self.made(tuple(self.sequence(node.elts, scope)))
        if isinstance(node, ast.List):
            return self.made(self.sequence(node.elts, scope))
        if isinstance(node, ast.Set):
            return UNKNOWN_VALUE
        if isinstance(node, ast.Dict):
            out: dict[object, object] = {}
            for key, item_node in zip(node.keys, node.values, strict=True):
                if key is None:
                    merged = self.expr(item_node, scope)
                    if not isinstance(merged, dict):
                        return UNKNOWN_VALUE
                    self.work(len(merged))
                    out.update(merged)
                else:
                    out[self.key(self.expr(key, scope))] = self.expr(item_node, scope)
                check_len(len(out))
            return self.made(out)
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
            return FunctionValue("<lambda>", node, self.copy_scope(scope), defaults)
        if isinstance(node, ast.Starred):
            return UNKNOWN_VALUE
        return UNKNOWN_VALUE

    def either(self, node: ast.expr, scope: Mapping[str, object]) -> object:
        """One side of a choice that may not be taken: an error there is only an unknown value."""
        try:
            return self.expr(node, scope)
        except _FAILED:
            return UNKNOWN_VALUE

    def sequence(self, elts: list[ast.expr], scope: Mapping[str, object]) -> list[object]:
        """Elements of a list/tuple display, with `*xs` spread."""
        out: list[object] = []
        for elt in elts:
            if isinstance(elt, ast.Starred):
                items = self.iterate(self.expr(elt.value, scope))
                if items is None:
                    raise Unmodelled
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
        if isinstance(op, _SCALAR_OPS) and _runtime_arithmetic(left, right):
            raise Raised(RuntimeError, _RUNTIME_WORDS)
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
        if fn is None or not _operand(left) or not _operand(right):
            return UNKNOWN_VALUE
        result = fn(left, right)  # on known plain values: a TypeError is Python's own
        if isinstance(result, tuple | list | dict):
            return self.made(result)
        return bounded(result)

    def unaryop(self, op: ast.unaryop, value: object) -> object:
        """`-x`, `+x`, `not x`, `~x`."""
        if isinstance(op, ast.Not):
            truth = self.truth(value)
            return UNKNOWN_VALUE if truth is None else not truth
        if not _operand(value) or contains_unknown(value):
            return UNKNOWN_VALUE
        if isinstance(op, ast.USub):
            return -value  # type: ignore[operator]  # a TypeError (`-"a"`) is Python's own
        if isinstance(op, ast.UAdd):
            return +value  # type: ignore[operator]
        return bounded(~value)  # type: ignore[operator]

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
                elif isinstance(right, dict):
                    found = self.key(left) in right
                elif isinstance(right, str | tuple | list):
                    self.weigh(left)
                    self.weigh(right)
                    found = left in right  # type: ignore[operator]
                else:
                    return UNKNOWN_VALUE
                result = found if isinstance(op, ast.In) else not found
            elif isinstance(op, ast.Is | ast.IsNot):
                same = left is right or (left is None and right is None)
                result = same if isinstance(op, ast.Is) else not same
            else:
                self.weigh(left)
                self.weigh(right)
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
            if any(contains_unknown(p) for p in parts) or not _operand(container):
                return UNKNOWN_VALUE
            part = container[slice(*parts)]  # type: ignore[index]  # a TypeError is Python's own
            if not isinstance(part, tuple | list | str):
                return UNKNOWN_VALUE
            self.work(len(part))
            return part
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
            return container[self.key(key)]
        if _operand(container) and plain(key):
            return container[key]  # type: ignore[index]  # IndexError, TypeError (`5[0]`): Python's own
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
        if (plain(value) or isinstance(value, dict)) and not hasattr(type(value), name):
            raise Raised(AttributeError)  # `"x".append`: Python has no such attribute either
        if isinstance(value, str | dict | list | tuple | EnvironMapping) and name in METHODS:
            return BoundMethod(value, name)
        if isinstance(value, list | dict) and name in MUTATORS:
            return BoundMethod(value, name)
        return UNKNOWN_VALUE

    # ------------------------------------------------------------ calls
    def call_node(self, node: ast.Call, scope: Mapping[str, object]) -> object:
        """Evaluate a call's callee and arguments, then call it."""
        func = self.expr(node.func, scope)
        args = self.sequence(node.args, scope)
        kwargs: dict[str, object] = {}
        for kw in node.keywords:
            value = self.expr(kw.value, scope)
            if kw.arg is None:
                if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
                    self.escape([*args, *kwargs.values(), value])
                    return UNKNOWN_VALUE
                self.work(len(value))
                kwargs.update(value)
            else:
                kwargs[kw.arg] = value
        if isinstance(func, DslName) and func.dotted == "pl.MemRef":
            declared = _declared_alloc(args, kwargs, node)
            if declared is not None:
                return declared
        return self.call(func, args, kwargs)

    def call(self, func: object, args: list[object], kwargs: dict[str, object]) -> object:
        """Call a value the evaluator knows how to call."""
        self.tick()
        if plain(func) or isinstance(func, dict):
            raise Raised(TypeError)  # `5()`: not callable
        if isinstance(func, FunctionValue):
            return self.call_function(func, args, kwargs)
        if isinstance(func, ClassValue):
            return self.construct(func, args, kwargs)
        if isinstance(func, Builtin):
            impl = BUILTINS.get(func.name)
            return self.checked(impl(self, args, kwargs)) if impl is not None else UNKNOWN_VALUE
        if isinstance(func, BoundMethod):
            if isinstance(func.obj, Record):
                method = func.obj.cls.methods[func.name]
                return self.call_function(method, [func.obj, *args], kwargs)
            return self.checked(call_method(self, func.obj, func.name, args, kwargs))
        if isinstance(func, DslName):
            return dsl_call(func.dotted, args, kwargs)
        self.escape([*args, *kwargs.values()])
        return UNKNOWN_VALUE

    def escape(self, values: list[object]) -> None:
        """Values handed to code we do not run (an unknown function): it may change or keep any list,
        dict or record in them, so their content is unknown from now on."""
        for value in values:
            if not is_scalar(value):
                self.lose(value)

    def checked(self, value: object) -> object:
        """A built-in's result: a container it built is charged and bounded like any other."""
        return self.made(value) if isinstance(value, list | tuple | dict) else value

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
                return self.expr(fn.node.body, _Frame(fn.globals, local))
            scope = _Frame(fn.globals, local)
            try:
                self.block(fn.node.body, scope)  # type: ignore[arg-type]
            except _Return as ret:
                return ret.value
            except (Unmodelled, _Break, _Continue):
                return UNKNOWN_VALUE  # a `raise` (Raised) is the caller's, as in Python
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
        fields = tuple((name, self.export(values[name])) for name, _ in cls.fields)
        return self.made(Record(cls, cls.name, fields))

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
        """The items of a known, bounded iterable (None otherwise); copying them is charged."""
        if isinstance(value, tuple | list | str | dict) or (
            isinstance(value, range) and len(value) <= MAX_LEN
        ):
            self.work(len(value))
            return list(value)
        if isinstance(value, int | float) or value is None:
            raise Raised(TypeError)  # `for x in 5`: not iterable, in Python either
        return None

    def comprehension(
        self, node: ast.ListComp | ast.GeneratorExp | ast.DictComp, scope: Mapping[str, object]
    ) -> object:
        """List/dict comprehensions and generator expressions (materialised, bounded)."""
        results: list[object] = []
        self.generate(node, 0, _Frame(scope, {}), results)
        if isinstance(node, ast.DictComp):
            pairs: list[tuple[object, object]] = results  # type: ignore[assignment]
            return self.made({self.key(k): v for k, v in pairs})
        return self.made(results if isinstance(node, ast.ListComp) else tuple(results))

    def generate(
        self,
        node: ast.ListComp | ast.GeneratorExp | ast.DictComp,
        index: int,
        local: _Frame,
        results: list[object],
    ) -> None:
        """A comprehension's items from its generators `index` on (a method, not a recursive closure:
        that is a cycle only a collection frees, with every value it holds)."""
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
            raise Unmodelled
        for item in items:
            self.assign(gen.target, item, local)
            truths = [self.truth(self.expr(cond, local)) for cond in gen.ifs]
            if None in truths:
                raise Unmodelled  # which items are kept is unknown
            if all(truths):
                self.generate(node, index + 1, local, results)

    def fstring(self, node: ast.JoinedStr, scope: Mapping[str, object]) -> object:
        """f-strings of known values (format specs with small widths only)."""
        parts: list[str] = []
        length = 0
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
            self.work(self.weigh(item))  # printing writes every element, shared ones each time
            if value.conversion == ord("r"):
                item = repr(item)
            parts.append(format(item, spec))
            length += len(parts[-1])
            check_len(length)
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


_ERROR_WORDS = re.compile(r"[A-Za-z_]\w*Error: \S")


def _declared_alloc(args: list[object], kwargs: dict[str, object], node: ast.Call) -> DeclaredAlloc | None:
    """`pl.MemRef()` / `pl.MemRef("name")` with an optional literal `slots=N`: a declared allocation."""
    if set(kwargs) - {"slots"} or len(args) > 1:
        return None
    name = args[0] if args else ""
    slots = kwargs.get("slots", 1)
    if not isinstance(name, str) or type(slots) is not int or slots < 1:
        return None
    if args and not name:
        return None
    return DeclaredAlloc(name, slots, node.lineno, node.col_offset)


def _source(node: ast.expr) -> str:
    """The expression as Python shows it in a message (bounded)."""
    try:
        text = ast.unparse(node)
    except (ValueError, RecursionError, MemoryError):
        return "..."
    return text if len(text) <= 200 else text[:200] + "..."


def _children_of(value: object) -> tuple[object, ...] | list[object]:
    """The values a container holds (none for anything else)."""
    if isinstance(value, list | tuple):
        return value
    if isinstance(value, dict):
        return [*value.keys(), *value.values()]
    if isinstance(value, Record):
        return tuple(v for _, v in value.fields)
    return ()


def _operand(value: object) -> bool:
    """A value Python's own operators may be applied to (they raise what Python raises)."""
    return plain(value) or isinstance(value, dict)


def _copy_scope(scope: Mapping[str, object]) -> dict[str, object]:
    if isinstance(scope, _Frame):
        return _Frame(scope.parent, dict(scope))
    return dict(scope)


def _bound_names(stmt: ast.stmt) -> tuple[str, ...]:
    """Every name a statement could bind, or whose list, dict or record it could change."""
    names: dict[str, None] = {}
    for node in ast.walk(stmt):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names[node.id] = None
        elif isinstance(node, ast.Subscript | ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del):
            names.update(dict.fromkeys(_base_name(node.value)))
        elif (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS
        ):
            names.update(dict.fromkeys(_base_name(node.func.value)))
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            names[node.name] = None
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                if alias.name != "*":
                    names[(alias.asname or alias.name).split(".")[0]] = None
    return tuple(names)


def _exception_classes(node: ast.expr | None) -> tuple[type[BaseException], ...] | None:
    """The built-in exception classes an `except` clause names (BaseException for a bare one); None when it
    names anything else."""
    if node is None:
        return (BaseException,)
    names = node.elts if isinstance(node, ast.Tuple) else [node]
    kinds: list[type[BaseException]] = []
    for name in names:
        kind = getattr(builtins, name.id, None) if isinstance(name, ast.Name) else None
        if not (isinstance(kind, type) and issubclass(kind, BaseException)):
            return None
        kinds.append(kind)
    return tuple(kinds)


def _base_name(node: ast.expr) -> list[str]:
    """The name a subscript or attribute chain starts from (`d` of `d["a"].b`), if any."""
    while isinstance(node, ast.Subscript | ast.Attribute):
        node = node.value
    return [node.id] if isinstance(node, ast.Name) else []


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
    except _STOPPED:
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


def evaluate_module(
    tree: ast.Module,
    environ: Mapping[str, str],
    importer: Importer,
    pool: list[int] | None = None,
    faults: list[ImportFault] | None = None,
) -> dict[str, object]:
    """Evaluate one module's top-level code under the module budget (and the shared `pool` of steps, when
    given: [steps left, evaluations it starved]); every failure is UNKNOWN_VALUE. What makes the import
    fail, when proven, goes into `faults`."""
    evaluator = Evaluator(environ=environ, importer=importer, pool=pool)
    scope: dict[str, object] = {"__name__": "<module>"}  # imported, not run as a script
    try:
        evaluator.block(tree.body, scope, top_level=True)
    except StepsExhausted:
        pass  # the statements not reached are already unknown
    except Exception:  # RecursionError, MemoryError or a fault of ours: nothing of this module is known
        return dict.fromkeys(_module_names(tree), UNKNOWN_VALUE)
    if faults is not None and evaluator.fault is not None:
        faults.append(evaluator.fault)
    scope.pop("__name__", None)
    return evaluator.export_scope(scope, frozen=False)


def _module_names(tree: ast.Module) -> list[str]:
    return list(dict.fromkeys(name for stmt in tree.body for name in _bound_names(stmt)))


def attribute_of(value: object, name: str) -> object:
    """`value.name` for a folded module value (a record field or property, a module name), bounded."""
    evaluator = Evaluator(steps=EXPR_STEPS)
    try:
        return evaluator.export(evaluator.attribute(value, name))
    except _STOPPED:
        return UNKNOWN_VALUE


def evaluate_statements(
    stmts: list[ast.stmt], env: Mapping[str, object], bound: Mapping[str, object]
) -> dict[str, object]:
    """Run statements in a scope of their own (`bound` first, then `env`), under a small budget; the names
    they bind, with their values (what a factory function computes before it builds a DSL program)."""
    scope = _Frame(env, dict(bound))
    evaluator = Evaluator(steps=EXPR_STEPS)
    try:
        evaluator.block(stmts, scope, top_level=True)
    except StepsExhausted:
        pass  # the statements not reached are already unknown
    except Exception:  # RecursionError, MemoryError or a fault of ours: nothing computed here is known
        return dict.fromkeys(dict.keys(scope), UNKNOWN_VALUE)
    return evaluator.export_scope(scope)


def evaluate_expression(node: ast.expr, env: Mapping[str, object]) -> object:
    """One expression over known values, under a small budget (UNKNOWN_VALUE past it)."""
    scope = _Frame(env, {} if "pl" in env else {"pl": DslName("pl"), "pld": DslName("pld")})
    evaluator = Evaluator(steps=EXPR_STEPS)
    try:
        return evaluator.export(evaluator.expr(node, scope))
    except Exception:  # the step budget, or a fault of ours
        return UNKNOWN_VALUE


# What Python itself raises for an operation on known values (a `raise` of user code, for the evaluator).
_PYTHON_ERRORS: tuple[type[Exception], ...] = (
    ArithmeticError,
    ValueError,
    TypeError,
    LookupError,
    AttributeError,
    RecursionError,
    MemoryError,
)
_FAILED: tuple[type[Exception], ...] = (Raised, *_PYTHON_ERRORS)

# pl.RUNTIME (RuntimeScalarMarker): Scalar's arithmetic unwraps it, and its unwrap raises.
_RUNTIME = DslName("pl.RUNTIME")
_SCALAR_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)
_RUNTIME_WORDS = (
    "RuntimeError: pl.RUNTIME is a compile-time marker with no value. Pass it to compile() or lower() to leave "
    "a scalar parameter unspecialized; it cannot take part in an expression."
)


def _runtime_arithmetic(left: object, right: object) -> bool:
    """`pl.RUNTIME + 1`, `2 * pl.RUNTIME`: arithmetic of the marker with a number (or itself)."""
    marker = [v == _RUNTIME for v in (left, right)]
    if not any(marker):
        return False
    other = right if marker[0] else left
    return other == _RUNTIME or (isinstance(other, int | float) and not isinstance(other, bool))


_STOPPED: tuple[type[Exception], ...] = (StepsExhausted, Unmodelled, _Return, _Break, _Continue, *_FAILED)
