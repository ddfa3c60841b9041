"""InlineFunctions (exec 1): splice `@pl.jit.inline` / `@pl.inline` helpers into the functions that call them.

The compiler expands an inline helper at each statement-level call site (`x = f(..)`, `a, b = f(..)`,
a bare `f(..)`, `return f(..)`), binding its parameters to the call's arguments; nested calls are not
spliced. Spliced statements keep the helper's spans, so lanes and diagnostics land on the helper's own
lines; the call site keeps at most an alias assignment with no op. Helpers come from the document and
from the modules it imports; a helper of another module keeps its spans in a line space of its own
(`FOREIGN_LINE_BASE * k + line`), which the pipeline maps back to the call site.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from compiler import budget, ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.frontend.builder import SpanMaker
from compiler.frontend.consts import front_end_env, resolve_globals
from compiler.frontend.factories import bound_helpers
from compiler.frontend.parser import (
    ImportedName,
    build_function,
    dsl_function_names,
    function_defs,
    function_kind,
    imported_names,
)
from compiler.incremental import Recorded
from compiler.ir_walk import CHILD_FIELDS, map_spans, rebuilt, stored_names, walk_stmts
from compiler.modules import ModuleGraph, ModuleSummary
from compiler.source import Span

FOREIGN_LINE_BASE = 1 << 40  # above every anchored line of a document (compiler.incremental)
MAX_INLINE_DEPTH = 16
INLINE_KINDS = frozenset({"Inline"})


def is_foreign(span: Span) -> bool:
    """True for a span inside a helper that another module defines."""
    return span.line >= FOREIGN_LINE_BASE


_BUILD_LOCK = threading.Lock()


class Helper:
    """An inline helper a document can call by bare name: its IR and where it comes from. A helper of
    another module is built when its IR is first read (`make`): a model imports dozens of helpers and
    calls a few, and a cold open built them all."""

    __slots__ = ("_deferred", "_function", "_make", "constants", "namespace", "path")

    def __init__(
        self,
        function: ir.Function | None = None,
        path: str | None = None,  # the defining module, when it is not the document itself
        constants: Mapping[str, object] | None = None,  # its module's values (foreign only)
        namespace: Mapping[str, Helper] | None = None,  # the helpers its own module can call (foreign only)
        make: Callable[[], ir.Function] | None = None,  # builds `function` when it is not given
    ) -> None:
        self._function = function
        self._make = make
        self._deferred = make is not None
        self.path = path
        self.constants: Mapping[str, object] = constants if constants is not None else {}
        self.namespace = namespace

    @property
    def function(self) -> ir.Function:
        """The helper's IR (built once, on first read, when it was deferred)."""
        found = self._function
        if found is None:
            with _BUILD_LOCK:  # one object per helper, whichever thread reads it first
                found = self._function
                if found is None:
                    assert self._make is not None
                    found = self._function = self._make()
                    self._make = None  # what it read (the module version's summary) is not held for it
        return found

    @property
    def identity(self) -> object:
        """What stands for the helper's IR in cache keys without building it: a deferred helper is made
        once per version of its module, so it stands for its own IR."""
        return self if self._deferred else self.function


@dataclass(frozen=True, slots=True)
class Splice:
    """One call site whose helper came from another module: its foreign lines map back to `call_site`."""

    first_line: int
    last_line: int
    call_site: Span
    helper: str
    path: str


@dataclass(slots=True)
class InlineResult:
    """A function with its helper calls spliced, and the foreign splices it contains."""

    function: ir.Function
    splices: list[Splice] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    used: list[Helper] = field(default_factory=list)


@dataclass(slots=True)
class SpliceMemo:
    """Substituted helper bodies, shared across the analyses of one document: a helper spliced the same
    way again (same helper version, same argument names, same position) costs a dictionary look-up.
    Entries no analysis used since the last `sweep` are dropped, so the memo holds one version's worth."""

    bodies: dict[tuple[object, ...], tuple[ir.Function, tuple[ir.Stmt, ...], ir.Expr | None]] = field(
        default_factory=dict
    )
    locals: dict[int, tuple[ir.Function, frozenset[str]]] = field(default_factory=dict)
    shapes: dict[int, tuple[ir.Function, tuple[bool, int, int]]] = field(default_factory=dict)
    used: set[object] = field(default_factory=set)
    # Substituted helper statements, by statement object and substitutions (with how many statements
    # each covers): a helper edited in one statement is substituted again in that one only, so the
    # spliced statements downstream passes see keep their objects. Swept by size, not by use: a look-up
    # that hits a compound statement does not visit the statements in it.
    statements: dict[tuple[int, object], tuple[ir.Stmt, ir.Stmt, int]] = field(default_factory=dict)
    statements_read: int = 0  # the statements this version's look-ups covered
    names: dict[int, tuple[ir.Stmt, tuple[str, ...]]] = field(default_factory=dict)  # the names each holds
    # What each splice (or statement rebuilt around one) gave last, by the statement it replaces.
    outputs: dict[int, tuple[ir.Stmt, tuple[ir.Stmt, ...]]] = field(default_factory=dict)
    # One analysis and no edit after it (`pypto-lsp check`): its splices almost never repeat one another
    # (289 of 132,000 statements over the library), so bodies are substituted without keys or keeping.
    one_shot: bool = False

    def locals_of(self, function: ir.Function) -> frozenset[str]:
        """The names a helper's body binds."""
        self.used.add(id(function))
        cached = self.locals.get(id(function))
        if cached is None or cached[0] is not function:
            cached = (function, frozenset(stored_names(function.body)))
            self.locals[id(function)] = cached
        return cached[1]

    def shape_of(self, function: ir.Function) -> tuple[bool, int, int]:
        """Whether a helper returns only at its end, and the first and last line it spans (read once per
        helper object, not at each of its splices)."""
        self.used.add(("shape", id(function)))
        cached = self.shapes.get(id(function))
        if cached is None or cached[0] is not function:
            statements = list(walk_stmts(function.body))
            trailing = (
                function.body[-1] if function.body and isinstance(function.body[-1], ir.Return) else None
            )
            single = all(s is trailing for s in statements if isinstance(s, ir.Return))
            lines = [s.span.line for s in statements] + [function.span.line, function.span.end_line]
            cached = (function, (single, min(lines), max(lines)))
            self.shapes[id(function)] = cached
        return cached[1]

    def substituted(
        self, function: ir.Function, trailing: ir.Return | None, substitutions: Mapping[str, ir.Expr]
    ) -> tuple[tuple[ir.Stmt, ...], ir.Expr | None]:
        """The helper's body (without its trailing return) and returned value, parameters and locals
        replaced."""
        body = function.body[:-1] if trailing is not None else function.body
        value = trailing.value if trailing is not None else None
        if self.one_shot:  # nothing kept: no keys made
            if substitutions:
                body = tuple(_substitute(s, substitutions) for s in body)
                value = _substitute_expr(value, substitutions) if value is not None else None
            return body, value
        key = (id(function), tuple(sorted((k, _expr_key(v)) for k, v in substitutions.items())))
        self.used.add(key)
        cached = self.bodies.get(key)
        if cached is not None and cached[0] is function:
            return cached[1], cached[2]
        if substitutions:
            keys = dict(key[1])
            body = tuple(self._substituted_stmt(s, substitutions, keys)[0] for s in body)
            if value is not None:
                value = _substitute_expr(value, substitutions)
        self.bodies[key] = (function, body, value)
        return body, value

    def _substituted_stmt(
        self, stmt: ir.Stmt, substitutions: Mapping[str, ir.Expr], keys: Mapping[str, object]
    ) -> tuple[ir.Stmt, int]:
        """`_substitute(stmt, substitutions)` (`keys` says each substitution), the same object as last
        time for the same statement and the substitutions of the names it holds, and how many
        statements it holds."""
        place = (id(stmt), self._names_key(stmt, keys))
        found = self.statements.get(place)
        if found is not None and found[0] is stmt:
            self.statements_read += found[2]
            return found[1], found[2]
        if isinstance(stmt, _COMPOUND):
            # The header as a whole, the nested statements one by one (each reused while unchanged).
            mapped: Any
            body = [self._substituted_stmt(s, substitutions, keys) for s in stmt.body]
            size = 1 + sum(n for _, n in body)
            new_body = tuple(s for s, _ in body)
            if isinstance(stmt, ir.If):
                orelse = [self._substituted_stmt(s, substitutions, keys) for s in stmt.orelse]
                size += sum(n for _, n in orelse)
                new_orelse = tuple(s for s, _ in orelse)
                shell: ir.Stmt = rebuilt(stmt, {"body": (), "orelse": ()})
                mapped = _substitute(shell, substitutions)
                same = _same_items(new_body, stmt.body) and _same_items(new_orelse, stmt.orelse)
                result = (
                    stmt
                    if mapped is shell and same
                    else rebuilt(mapped, {"body": new_body, "orelse": new_orelse})
                )
            else:
                shell = rebuilt(stmt, {"body": ()})
                mapped = _substitute(shell, substitutions)
                same = _same_items(new_body, stmt.body)
                result = stmt if mapped is shell and same else rebuilt(mapped, {"body": new_body})
        else:
            result, size = _substitute(stmt, substitutions), 1
        self.statements[place] = (stmt, result, size)
        self.statements_read += size
        return result, size

    def _names_key(self, stmt: ir.Stmt, keys: Mapping[str, object]) -> tuple[tuple[str, object], ...]:
        """The substitutions of the names a statement (with the statements in it) holds: a helper local
        typed elsewhere in the helper leaves every other statement's key, and its spliced object, as it
        was."""
        return tuple((name, keys[name]) for name in self._names(stmt) if name in keys)

    def _names(self, stmt: ir.Stmt) -> tuple[str, ...]:
        """The names a statement holds, with the statements in it (sorted)."""
        found = self.names.get(id(stmt))
        if found is None or found[0] is not stmt:
            if isinstance(stmt, _COMPOUND):
                # The header's own names, and those of the nested statements (each kept by its object).
                held = _names_of(stmt, set(), blocks=False)
                for inner in (*stmt.body, *(stmt.orelse if isinstance(stmt, ir.If) else ())):
                    held.update(self._names(inner))
            else:
                held = _names_of(stmt, set())
            found = (stmt, tuple(sorted(held)))
            self.names[id(stmt)] = found
        return found[1]

    def stable(self, owner: ir.Stmt, made: list[ir.Stmt]) -> list[ir.Stmt]:
        """The statements made for `owner` (a splice, or a statement rebuilt around one), each equal to
        one made for it last time (aligned from both ends) given as that object."""
        key = id(owner)
        self.used.add(("out", key))
        last = self.outputs.get(key)
        out = list(made)
        if last is not None and last[0] is owner:
            old = last[1]
            n, m = len(out), len(old)
            head = 0
            while head < min(n, m) and (out[head] is old[head] or out[head] == old[head]):
                out[head] = old[head]
                head += 1
            tail = 0
            while tail < min(n, m) - head and (
                out[n - 1 - tail] is old[m - 1 - tail] or out[n - 1 - tail] == old[m - 1 - tail]
            ):
                out[n - 1 - tail] = old[m - 1 - tail]
                tail += 1
        self.outputs[key] = (owner, tuple(out))
        return out

    def sweep(self) -> None:
        """Forget what the analyses since the last sweep did not use."""
        if self.used:
            self.bodies = {k: v for k, v in self.bodies.items() if k in self.used}
            self.locals = {k: v for k, v in self.locals.items() if k in self.used}
            self.shapes = {k: v for k, v in self.shapes.items() if ("shape", k) in self.used}
            self.outputs = {k: v for k, v in self.outputs.items() if ("out", k) in self.used}
        self.used = set()
        # Statements of helper versions no longer spliced are dropped all at once, when they outnumber
        # those in use (a version that substituted nothing says nothing about what is in use).
        if self.statements_read and len(self.statements) > 2 * self.statements_read + 4096:
            self.statements = {}
            self.names = {}
        self.statements_read = 0


def _same_items(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def _expr_key(expr: ir.Expr) -> object:
    """What a substituted expression contributes to a spliced body (its span is the use's)."""
    if isinstance(expr, ir.Name):
        return ("name", expr.id)
    if isinstance(expr, ir.Const):
        return ("const", type(expr.value).__name__, expr.value)
    if isinstance(expr, ir.Attribute):
        return ("attr", expr.dotted)
    return ("expr", id(expr))


@dataclass(frozen=True, slots=True)
class _Spliced:
    """What splicing one statement of the caller gave, from a given fresh-name counter."""

    stmt: ir.Stmt
    count: int  # the counter before
    replaced: tuple[ir.Stmt, ...] | None
    count_after: int
    splices: tuple[Splice, ...]
    diagnostics: tuple[Diagnostic, ...]
    used: tuple[Helper, ...]


@dataclass(frozen=True, slots=True, eq=False)
class _Namespace:
    """A foreign module's helpers in a memo context: equal only to itself (it is built once per version
    of its module and never changed), never compared entry by entry."""

    helpers: Mapping[str, Helper]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Namespace) and other.helpers is self.helpers

    def __hash__(self) -> int:
        return id(self.helpers)


def _same_helper(a: object, b: object) -> bool:
    """Recorded helper look-ups agree: the same objects (a helper's IR, module, constants, namespace)."""
    if a is b:
        return True
    if type(a) is not tuple or type(b) is not tuple or len(a) != len(b):
        return False
    return all(x is y for x, y in zip(a, b, strict=True))


class StatementSplices(Recorded):
    """The caller's statements spliced last version, by statement and the fresh-name counter before it
    (compiler.incremental.Recorded). Each step records the document-level helpers and program members
    it looked up ("helper" / "member" reads, compared by identity), so an edit to one helper re-splices
    only the statements that reach it. A foreign helper's own namespace needs no reads: it is built once
    per version of its module and never changed, and the helper's identity (a recorded value) pins it."""

    __slots__ = ()

    def __init__(self) -> None:
        # by context: a helper's statement that renames nothing is the same object in each of its splices
        super().__init__(_same_helper, by_context=True)


def _helper_identity(helper: Helper | None) -> object:
    if helper is None:
        return None
    # A document helper's constants are an empty mapping made anew with each Helper: all alike.
    constants = helper.constants if helper.constants else None
    return (helper.function, helper.path, constants, helper.namespace)


def helper_sources(
    helpers: Mapping[str, Helper], members: Mapping[str, ir.Function]
) -> dict[str, Callable[[Any], object]]:
    """The state a statement memo's steps read: the document's helpers and the program's members."""
    return {
        "helper": lambda name: _helper_identity(helpers.get(name)),
        "member": lambda name: members.get(name),
    }


def inline_function(
    function: ir.Function,
    helpers: Mapping[str, Helper],
    program_members: Mapping[str, ir.Function],
    memo: SpliceMemo | None = None,
    statements: StatementSplices | None = None,
) -> InlineResult:
    """Splice every statement-level call of an inline helper in `function` (to a fixpoint, bounded)."""
    result = InlineResult(function)
    if statements is not None:  # what its steps read: this run's helpers
        statements.sources = {**statements.sources, **helper_sources(helpers, program_members)}
    splicer = _Splicer(
        helpers, program_members, result, memo if memo is not None else SpliceMemo(), statements
    )
    body = splicer.block(function.body, (function.name,), helpers)
    if body is not function.body:
        result.function = replace(function, body=body)
    return result


class _Splicer:
    def __init__(
        self,
        helpers: Mapping[str, Helper],
        members: Mapping[str, ir.Function],
        result: InlineResult,
        memo: SpliceMemo,
        statements: StatementSplices | None = None,
    ) -> None:
        self.helpers = helpers
        self.members = members
        self.result = result
        self.memo = memo
        self.statements = statements
        self.count = 0

    def helper_of(self, call: ir.Call, helpers: Mapping[str, Helper]) -> Helper | None:
        memo = self.statements
        if call.func.startswith("self."):
            name = call.func[5:]
            member = self.members.get(name)
            if memo is not None:
                memo.read("member", name)
            return Helper(member) if member is not None and member.func_type in INLINE_KINDS else None
        if "." in call.func:
            return None
        found = helpers.get(call.func)
        if memo is not None and helpers is self.helpers:
            memo.read("helper", call.func)  # a foreign namespace is pinned by its helper's identity
        return found

    def block(
        self, stmts: tuple[ir.Stmt, ...], stack: tuple[str, ...], helpers: Mapping[str, Helper]
    ) -> tuple[ir.Stmt, ...]:
        out: list[ir.Stmt] = []
        changed = False
        for stmt in stmts:
            replaced = self.stmt(stmt, stack, helpers)
            if replaced is None:
                out.append(stmt)
                continue
            changed = True
            out.extend(replaced)
        return tuple(out) if changed else stmts

    def stmt(
        self, stmt: ir.Stmt, stack: tuple[str, ...], helpers: Mapping[str, Helper]
    ) -> list[ir.Stmt] | None:
        memo = self.statements
        if memo is None or (len(stack) > 1 and not _may_splice(stmt)):
            return self._stmt(stmt, stack, helpers)  # a helper's plain statement: cheaper than its step
        # The same statement from the same counter splices the same way: reuse, so the statements
        # downstream passes see keep their objects too. A helper's own statements (the same objects
        # while the helper is: SpliceMemo.substituted) also depend on the helpers around them, and on the
        # namespace they resolve names in when that is a foreign module's.
        context: object = self.count
        if len(stack) > 1:
            context = (self.count, stack, None if helpers is self.helpers else _Namespace(helpers))
        step = memo.reuse(stmt, context)
        if step is not None:
            found: _Spliced = step.result  # type: ignore[assignment]
            self.count = found.count_after
            self.result.splices.extend(found.splices)
            self.result.diagnostics.extend(found.diagnostics)
            self.result.used.extend(found.used)
            return list(found.replaced) if found.replaced is not None else None
        result = self.result
        count, marks = self.count, (len(result.splices), len(result.diagnostics), len(result.used))
        memo.begin()
        try:
            replaced = self._stmt(stmt, stack, helpers)
        except BaseException:
            memo.abandon()
            raise
        memo.end(
            stmt,
            context,
            _Spliced(
                stmt,
                count,
                tuple(replaced) if replaced is not None else None,
                self.count,
                tuple(result.splices[marks[0] :]),
                tuple(result.diagnostics[marks[1] :]),
                tuple(result.used[marks[2] :]),
            ),
        )
        return replaced

    def _stmt(
        self, stmt: ir.Stmt, stack: tuple[str, ...], helpers: Mapping[str, Helper]
    ) -> list[ir.Stmt] | None:
        budget.check()  # helpers calling helpers can fan out exponentially
        call = _statement_call(stmt)
        if call is not None:
            helper = self.helper_of(call, helpers)
            if helper is not None:
                return self.splice(stmt, call, helper, stack, helpers)
        if isinstance(stmt, ir.For | ir.While | ir.With):
            body = self.block(stmt.body, stack, helpers)
            return None if body is stmt.body else self.memo.stable(stmt, [replace(stmt, body=body)])
        if isinstance(stmt, ir.If):
            body, orelse = self.block(stmt.body, stack, helpers), self.block(stmt.orelse, stack, helpers)
            if body is stmt.body and orelse is stmt.orelse:
                return None
            return self.memo.stable(stmt, [replace(stmt, body=body, orelse=orelse)])
        return None

    def splice(
        self,
        stmt: ir.Stmt,
        call: ir.Call,
        helper: Helper,
        stack: tuple[str, ...],
        helpers: Mapping[str, Helper],
    ) -> list[ir.Stmt] | None:
        function = helper.function
        name = function.name
        if name in stack:
            cycle = " -> ".join([*stack[stack.index(name) :], name])
            self.result.diagnostics.append(diagnostic("PTO-IN1", call.func_span, cycle=cycle))
            return None
        if len(stack) > MAX_INLINE_DEPTH:
            return None
        single_return, first_line, last_line = self.memo.shape_of(function)
        trailing = function.body[-1] if function.body and isinstance(function.body[-1], ir.Return) else None
        if not single_return:
            self.result.diagnostics.append(diagnostic("PTO-IN2", function.header, function=name))
            return None
        bound = _bind(function, call)
        if bound is None:
            given = len(call.args) + len(call.keywords)
            self.result.diagnostics.append(
                diagnostic("PTO-IN5", call.span, function=name, expected=len(function.params), got=given)
            )
            return None
        value_needed = isinstance(stmt, ir.Assign | ir.Return)
        if value_needed and (trailing is None or trailing.value is None):
            self.result.diagnostics.append(diagnostic("PTO-IN5b", call.span, function=name))
            return None
        self.result.used.append(helper)
        substitutions: dict[str, ir.Expr] = {}
        prelude: list[ir.Stmt] = []
        for param, arg in bound:
            if isinstance(arg, ir.Name | ir.Const | ir.Attribute) and not (
                isinstance(arg, ir.Name) and arg.id == param.name
            ):
                substitutions[param.name] = _at(arg, arg.span)
            elif not isinstance(arg, ir.Name):
                # A computed argument (`x[i]`) is bound once, on the call-site line, to a fresh name with
                # the parameter's declared type (integer indices drop dimensions).
                self.count += 1
                fresh = ir.Name(f"{param.name}__arg{self.count}", arg.span)
                declared = param.type if _ranked(param.type) else None
                prelude.append(ir.Assign((fresh,), arg, stmt.span, declared=declared))
                substitutions[param.name] = fresh
        params = {p.name for p in function.params}
        locals_ = self.memo.locals_of(function) - params
        if function.decorator != "inline":
            # FunctionType.Inline renames the helper's locals per splice (`r_inline7`), so they never
            # collide with the caller's names; `__` keeps the user's name recoverable for messages.
            self.count += 1
            for local in sorted(locals_):
                substitutions[local] = ir.Name(f"{local}__inline{self.count}", function.span)
        body, value = self.memo.substituted(function, trailing, substitutions)
        inner = helper.namespace if helper.namespace is not None else helpers
        spliced = list(prelude) + list(self.block(body, (*stack, name), inner))
        if value is not None and trailing is not None:
            # `return g(..)` of a helper is a call site too (and how two helpers call each other in a cycle).
            spliced.extend(self.block(tuple(self._result(stmt, value, trailing)), (*stack, name), inner))
        if helper.path is not None:
            self.result.splices.append(Splice(first_line, last_line, stmt.span, name, helper.path))
        return self.memo.stable(stmt, spliced)

    def _result(self, stmt: ir.Stmt, value: ir.Expr, trailing: ir.Return) -> list[ir.Stmt]:
        """The statement the call site keeps: `LHS = value`, `return value` or nothing."""
        # A returned op stays on the helper's `return` line; an alias belongs to the call site.
        span = trailing.span if isinstance(value, ir.Call) else stmt.span
        if isinstance(stmt, ir.Return):
            return [ir.Return(value, span)]
        if isinstance(stmt, ir.Assign):
            targets = stmt.targets
            if (
                len(targets) == 1
                and isinstance(targets[0], ir.TupleExpr | ir.ListExpr)
                and isinstance(value, ir.TupleExpr | ir.ListExpr)
                and len(targets[0].elts) == len(value.elts)
            ):
                # `a, b = f(..)` of `return x, y`: one alias per element, so each keeps its type.
                return [
                    ir.Assign((target,), item, trailing.span if isinstance(item, ir.Call) else stmt.span)
                    for target, item in zip(targets[0].elts, value.elts, strict=True)
                ]
            return [ir.Assign(targets, value, span, stmt.annotation)]
        if isinstance(value, ir.Call):
            return [ir.ExprStmt(value, trailing.span)]
        return []


def splices_many(
    body: tuple[ir.Stmt, ...],
    helpers: Mapping[str, Helper],
    members: Mapping[str, ir.Function],
    limit: int,
) -> bool:
    """True when `body` holds at least `limit` statements once the helpers it calls are spliced in (each
    counted one level deep: enough to tell a long function from a short one)."""
    count = 0
    for stmt in walk_stmts(body):
        count += 1
        call = _statement_call(stmt)
        if call is not None:
            name = call.func
            helper = members.get(name[5:]) if name.startswith("self.") else None
            found = helpers.get(name) if helper is None else None
            function = helper if helper is not None else (found.function if found is not None else None)
            if function is not None:
                count += sum(1 for _ in walk_stmts(function.body))
        if count >= limit:
            return True
    return False


def _may_splice(stmt: ir.Stmt) -> bool:
    """A statement that holds a block, or calls what may be an inline helper (no op, no method)."""
    if isinstance(stmt, ir.For | ir.While | ir.With | ir.If):
        return True
    call = _statement_call(stmt)
    return call is not None and ("." not in call.func or call.func.startswith("self."))


def _statement_call(stmt: ir.Stmt) -> ir.Call | None:
    """The call of a statement-level call form the pass splices."""
    value = stmt.value if isinstance(stmt, ir.Assign | ir.ExprStmt | ir.Return) else None
    return value if isinstance(value, ir.Call) else None


def _bind(function: ir.Function, call: ir.Call) -> list[tuple[ir.Param, ir.Expr]] | None:
    """Each parameter with its argument expression (defaults included), or None when they do not fit."""
    params = list(function.params)
    if len(call.args) > len(params) or call.star_kwargs:
        return None
    bound: dict[str, ir.Expr] = {p.name: a for p, a in zip(params, call.args, strict=False)}
    names = {p.name for p in params}
    for kw in call.keywords:
        if kw.name not in names or kw.name in bound:
            return None
        bound[kw.name] = kw.value
    out: list[tuple[ir.Param, ir.Expr]] = []
    for param in params:
        arg = bound.get(param.name, param.default)
        if arg is None:
            return None
        out.append((param, arg))
    return out


def _ranked(value_type: object) -> bool:
    from compiler.types import TensorType, TileType

    return isinstance(value_type, TensorType | TileType) and bool(value_type.shape)


def _substitute(stmt: ir.Stmt, substitutions: Mapping[str, ir.Expr]) -> ir.Stmt:
    result: ir.Stmt = _renamed(stmt, substitutions.get, isinstance(stmt, _COMPOUND))
    return result


_COMPOUND = (ir.For, ir.While, ir.With, ir.If)


def _substitute_expr(expr: ir.Expr, substitutions: Mapping[str, ir.Expr]) -> ir.Expr:
    result: ir.Expr = _renamed(expr, substitutions.get, False)
    return result


def _renamed(node: Any, found: Callable[[str], ir.Expr | None], with_targets: bool) -> Any:
    """The node with each substituted name replaced by its expression placed at the use, and (when
    `with_targets`) a `with`'s bound name renamed to a substituted name; unchanged subtrees are shared.
    What `map_ir` gives with a rewrite of names, without its call per node: every statement of every
    splice passes here (a cold open of a large model substitutes some 11,000)."""
    kind = type(node)
    if kind is _NAME:
        sub = found(node.id)
        return node if sub is None else _at(sub, node.span)
    if kind is tuple:
        out: list[Any] | None = None
        for index, item in enumerate(node):
            mapped = _renamed(item, found, with_targets)
            if out is not None:
                out.append(mapped)
            elif mapped is not item:
                out = [*node[:index], mapped]
        return tuple(out) if out is not None else node
    if kind in _RENAME_LEAVES:
        return node
    child_fields = CHILD_FIELDS.get(kind)
    if child_fields is None:  # no IR node (a type, a span, a literal)
        return node
    changes: dict[str, Any] | None = None
    for name in child_fields:
        value = getattr(node, name)
        if value is None or isinstance(value, str):
            continue
        mapped = _renamed(value, found, with_targets)
        if mapped is not value:
            if changes is None:
                changes = {}
            changes[name] = mapped
    new = rebuilt(node, changes) if changes else node
    if with_targets and kind is ir.With and new.target is not None:
        sub = found(new.target)
        if isinstance(sub, ir.Name):
            new = replace(new, target=sub.id)
    return new


def _names_of(node: Any, out: set[str], blocks: bool = True) -> set[str]:
    """Every name `_renamed` may substitute in a node: the names it reads, and a `with`'s bound name
    (`blocks=False`: a compound statement's header only)."""
    kind = type(node)
    if kind is _NAME:
        out.add(node.id)
    elif kind is tuple:
        for item in node:
            _names_of(item, out)
    elif kind not in _RENAME_LEAVES:
        child_fields = CHILD_FIELDS.get(kind)
        if child_fields is not None:
            for name in child_fields:
                value = getattr(node, name)
                if value is not None and not isinstance(value, str) and (blocks or name not in _BLOCKS):
                    _names_of(value, out)
            if kind is ir.With and node.target is not None:
                out.add(node.target)
    return out


_NAME = ir.Name
_BLOCKS = ("body", "orelse")
_RENAME_LEAVES = frozenset({ir.Const, ir.Attribute, ir.Simple})  # no name inside to substitute


def _at(expr: ir.Expr, span: Span) -> ir.Expr:
    """The argument expression placed at the parameter's use (names and literals take the use's span)."""
    # Direct calls, not dataclasses.replace: one per substituted name use.
    if isinstance(expr, ir.Name):
        return ir.Name(expr.id, span)
    if isinstance(expr, ir.Const):
        return ir.Const(expr.value, span)
    if isinstance(expr, ir.Attribute):
        return ir.Attribute(expr.dotted, span)
    return expr


def shift_spans(function: ir.Function, offset: int) -> ir.Function:
    """The same function with every span moved `offset` lines (a foreign helper's own line space)."""

    moved: ir.Function = map_spans(function, lambda span: span.shifted(offset))
    return moved


# ---------------------------------------------------------------- helpers a document can call
def collect_helpers(
    module: ir.Module, imports: tuple[ImportedName, ...], path: str | None, graph: ModuleGraph
) -> dict[str, Helper]:
    """The document's own inline helpers, then those it imports by name (`from .attn import block`)."""
    helpers = {f.name: Helper(f) for f in module.functions if f.func_type in INLINE_KINDS}
    file = Path(path) if path else None
    for imported in imports:
        if imported.local in helpers:
            continue
        source = graph.resolve(file, imported.module, imported.level)
        if source is None or source == file:
            continue
        helper = foreign_helpers(graph, source, (file,) if file else ()).get(imported.name)
        if helper is not None:
            helpers[imported.local] = helper
    return helpers


def foreign_helpers(graph: ModuleGraph, file: Path, stack: tuple[Path, ...] = ()) -> Mapping[str, Helper]:
    """The inline helpers another module defines or imports, with spans in that module's line space;
    parsed once per version of the module."""
    if file in stack or len(stack) > MAX_INLINE_DEPTH:
        return {}

    def build(summary: ModuleSummary) -> Mapping[str, Helper]:
        tree = graph.syntax(summary)
        if tree is None:
            return {}
        # Built from the module's parse and evaluation (the graph's summary and the tree it keeps).
        env = front_end_env(summary.names, tree)
        # Only the inline helpers, each built when first read, directly in the module's own line space.
        defined = dsl_function_names(tree, env)
        offset = graph.foreign_id(file) * FOREIGN_LINE_BASE  # numbered in the order modules are read
        namespace: dict[str, Helper] = {}
        for index, node in enumerate(function_defs(tree, env)):
            if function_kind(node) in INLINE_KINDS:
                make = functools.partial(_build_helper, graph, summary, env, offset, ("def", index), None)
                namespace[node.name] = Helper(None, str(file), env, namespace, make)
        for index, (name, node) in enumerate(bound_helpers(tree, env)):
            # A helper a factory binds (`hc_pre = _bind_hc_pre()`), under the bound name.
            if name not in defined and function_kind(node) in INLINE_KINDS:
                make = functools.partial(_build_helper, graph, summary, env, offset, ("bound", index), name)
                namespace[name] = Helper(None, str(file), env, namespace, make)
        for imported in imported_names(tree):
            if imported.local in namespace:
                continue
            source = graph.resolve(file, imported.module, imported.level)
            if source is not None:
                helper = foreign_helpers(graph, source, (*stack, file)).get(imported.name)
                if helper is not None:
                    namespace[imported.local] = helper
        return namespace

    found = graph.derive("inline-helpers", file, build)
    return found if isinstance(found, dict) else {}


def _build_helper(
    graph: ModuleGraph,
    summary: ModuleSummary,
    env: Mapping[str, object],
    offset: int,
    place: tuple[str, int],
    bound_name: str | None,
) -> ir.Function:
    """One inline helper of a module version: the definition at `place` (the n-th of `function_defs`, or
    of `bound_helpers`), built in the module's line space with its module constants folded in once, here,
    not at every splice."""
    tree = graph.syntax(summary)  # the version's tree: the one at hand, or the same text parsed again
    if tree is None:
        raise ValueError(f"{summary.path} no longer parses")
    kind, index = place
    node = function_defs(tree, env)[index] if kind == "def" else bound_helpers(tree, env)[index][1]
    spans = SpanMaker(summary.text.split("\n"), offset, 0)
    function = build_function(node, spans, env)
    if function is None:
        raise ValueError(f"{node.name} in {summary.path} is no DSL function")
    own = {p.name for p in function.params} | stored_names(function.body)
    body = tuple(resolve_globals(s, env, own) for s in function.body)
    return replace(function, body=body, name=bound_name or function.name)
