"""Forms the parser rejects that need the statements before them, read in the parser's (source) order: a
submit's deps= mixing a whole TaskId array with its elements, a predicate reading a tensor whose producer is
not in deps=, dispatch metadata on a submit inside `pl.cluster()`, yields outside their place, op and loop
attrs the parser cannot store, an inline host SubWorker scope, a call of a module-level function that a
program member shadows, a parameter that shadows a dynamic symbol, and closure values of no IR type."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.frontend.checks.spelling import unparse
from compiler.frontend.definition_forms import HOST_LEVELS
from compiler.frontend.parser import ImportedName
from compiler.ir_walk import calls_in_block, walk_expr
from compiler.modules import ModuleGraph
from compiler.ops.dsl import EXPLICIT, PROMOTED, UNIFIED
from compiler.source import Span
from compiler.syntax import dotted_name
from compiler.types import ScalarType, TensorType, TileType

_SUBMITS = ("pl.submit", "pl.spmd_submit")
# The functions whose body the parser reads (a @pl.jit entry after its specializer, as written).
_PARSED = ("function", "jit", "jit.incore", "jit.host")
_RANGE_LOOPS = ("range", "parallel", "unroll", "pipeline")
# attrs keys that ride the deps= surface (ast_parser._TASK_DUMMY_ONLY_ATTRS).
_DEPS_ONLY_ATTRS = ("manual_dep_edges", "dummy_task")
# Closure values python_value_to_ir has no conversion for (others stay silent: the model may not know them).
_NO_IR_VALUE = {str: "str", type(None): "NoneType"}


def _op_names() -> frozenset[str]:
    """The pl.* calls the parser dispatches as ops (each reads a generic attrs={...})."""
    explicit = {name for name, op in EXPLICIT.items() if op is not None}
    return frozenset(explicit | {"pl." + u for u in UNIFIED} | set(PROMOTED)) - {"pl.system.task_dummy"}


_OPS = _op_names()


def parser_forms(
    module: ir.Module,
    env: Mapping[str, object],
    path: str | None = None,
    forms_of: Callable[[ir.Function], tuple[Diagnostic, ...]] | None = None,
) -> list[Diagnostic]:
    """F278 ... F284c, F286 ... F300 over every @pl.function of the module (`path`: the document's file, which
    a relative external_source= is read against; `forms_of`: `function_forms` with `env`, memoised by the
    caller per function object)."""
    out: list[Diagnostic] = []
    for function in module.all_functions():
        if function.decorator == "function" and not _external_source(function, path, out):
            continue
        out.extend(forms_of(function) if forms_of is not None else function_forms(function, env))
    out.extend(_shadowed_external_calls(module))
    return out


def function_forms(function: ir.Function, env: Mapping[str, object]) -> tuple[Diagnostic, ...]:
    """What `parser_forms` finds in one function's own statements (a pure function of it and the module's
    constants)."""
    out: list[Diagnostic] = []
    _check_function(function, env, out)
    return tuple(out)


def _external_source(function: ir.Function, path: str | None, out: list[Diagnostic]) -> bool:
    """F286 / F295 / F296 on a function given external_source=; False when the parser stops at it."""
    source = function.attr("external_source")
    if not isinstance(source, str) or not source:
        return True
    file = Path(source)
    if not file.is_absolute():
        if path is None or not Path(path).is_file():
            return False  # an unsaved document: where the path points is not known
        file = Path(path).parent / file
    file = file.resolve()
    if not file.is_file():
        span = function.span
        out.append(diagnostic("PTO-F286", Span(span.line, span.col, span.line, span.col + 1), path=str(file)))
        return False
    if function.func_type not in ("AIC", "AIV"):
        out.append(diagnostic("PTO-F295", function.header, type=function.func_type, function=function.name))
        return False
    body = [s for s in function.body if not _func_attr_statement(s)]
    if len(body) > 1 or any(not (isinstance(s, ir.Simple) and s.kind == "pass") for s in body):
        out.append(diagnostic("PTO-F296", function.header, function=function.name))
        return False
    return True


def _func_attr_statement(stmt: ir.Stmt) -> bool:
    return (
        isinstance(stmt, ir.ExprStmt)
        and isinstance(stmt.value, ir.Call)
        and stmt.value.func == "pl.func_attr"
    )


def _check_function(function: ir.Function, env: Mapping[str, object], out: list[Diagnostic]) -> None:
    if function.decorator not in _PARSED:
        return
    if function.decorator == "function":
        _shadowed_dynamic(function, env, out)
    walk = _Walk(function, env, out)
    walk.body(function.body, _Where())


def _shadowed_dynamic(function: ir.Function, env: Mapping[str, object], out: list[Diagnostic]) -> None:
    """F297: an INDEX scalar parameter named like a module pl.dynamic symbol an earlier annotation read."""
    used: set[str] = set()
    for param in function.params:
        value = env.get(param.name)
        if (
            type(value).__name__ == "Dynamic"
            and isinstance(param.type, ScalarType)
            and param.type.dtype == "INDEX"
            and param.name in used
        ):
            out.append(diagnostic("PTO-F297", param.span, name=param.name))
            return
        if isinstance(param.type, TensorType | TileType):
            for dim in (*param.type.shape, *(param.type.valid or ())):
                if isinstance(dim, str):
                    used.update(re.findall(r"[A-Za-z_]\w*", dim))


@dataclass(frozen=True, slots=True)
class _Where:
    """Where a statement sits: inside a loop or an if, the innermost for loop's init_values, a cluster."""

    in_loop: bool = False
    in_if: bool = False
    plain_for: bool = False  # the innermost loop is a for loop without init_values
    in_cluster: bool = False


@dataclass(slots=True)
class _Walk:
    function: ir.Function
    env: Mapping[str, object]
    out: list[Diagnostic]
    bound: set[str] = field(default_factory=set)
    task_arrays: set[str] = field(default_factory=set)
    arrays: set[str] = field(default_factory=set)  # names bound to a pl.array.create(...) so far
    tuples: set[str] = field(default_factory=set)  # names bound to a tuple literal so far
    generation: dict[str, int] = field(default_factory=dict)  # bindings of each name so far
    producer: dict[str, tuple[str, int]] = field(default_factory=dict)  # tensor -> (TaskId name, its binding)

    def __post_init__(self) -> None:
        self.bound.update(p.name for p in self.function.params)

    def error(self, code: str, span: Span, **fields: Any) -> None:
        self.out.append(diagnostic(code, span, stage="parse", **fields))

    def body(self, stmts: tuple[ir.Stmt, ...], where: _Where) -> None:
        for stmt in stmts:
            self.stmt(stmt, where)

    def stmt(self, stmt: ir.Stmt, where: _Where) -> None:
        if isinstance(stmt, ir.Assign):
            self.assign(stmt, where)
        elif isinstance(stmt, ir.ExprStmt):
            self.expr_stmt(stmt, where)
        elif isinstance(stmt, ir.For):
            self.exprs(stmt.iter, where)
            self.loop_attrs(stmt)
            self.bind(stmt.target)
            plain = stmt.iter.kwarg("init_values") is None
            self.body(stmt.body, _Where(True, where.in_if, plain, where.in_cluster))
        elif isinstance(stmt, ir.While):
            self.exprs(stmt.test, where)
            self.body(stmt.body, _Where(True, where.in_if, False, where.in_cluster))
        elif isinstance(stmt, ir.If):
            self.exprs(stmt.test, where)
            inner = _Where(where.in_loop, True, where.plain_for, where.in_cluster)
            self.body(stmt.body, inner)
            self.body(stmt.orelse, inner)
        elif isinstance(stmt, ir.With):
            self.exprs(stmt.call, where)
            self.host_subworker(stmt)
            if stmt.target:
                self.bind_name(stmt.target)
            cluster = where.in_cluster or stmt.call.func == "pl.cluster"
            self.body(stmt.body, _Where(where.in_loop, where.in_if, where.plain_for, cluster))
        elif isinstance(stmt, ir.Return) and stmt.value is not None:
            self.exprs(stmt.value, where)

    # ------------------------------------------------------------ bindings
    def bind(self, target: ir.Expr) -> None:
        if isinstance(target, ir.Subscript):
            # `arr[i] = v` / `y[...] = t` rebinds the base to an updated value of the same kind: an array stays
            # an array, a produced tensor is a new value no task produced.
            if isinstance(target.value, ir.Name):
                self.producer.pop(target.value.id, None)
            return
        for node in walk_expr(target):
            if isinstance(node, ir.Name):
                self.bind_name(node.id)

    def bind_name(self, name: str) -> None:
        self.bound.add(name)
        self.generation[name] = self.generation.get(name, 0) + 1
        self.producer.pop(name, None)
        self.task_arrays.discard(name)
        self.arrays.discard(name)
        self.tuples.discard(name)

    # ------------------------------------------------------------ statements
    def assign(self, stmt: ir.Assign, where: _Where) -> None:
        value = stmt.value
        if isinstance(value, ir.Call) and value.func.endswith(".yield_"):
            self.yield_arguments(value, where)
        elif isinstance(value, ir.Name):
            self.closure_value(value)
        self.exprs(value, where, assigned=True)
        submit = isinstance(value, ir.Call) and value.func in _SUBMITS
        if submit:
            assert isinstance(value, ir.Call)
            self.submit(value, where)
        for target in stmt.targets:
            if (
                isinstance(target, ir.Subscript)
                and self._array_pair(target)
                and not self.function.strict_ssa  # PTO-F283 first
            ):
                self.error("PTO-F283b", target.span)
            self.bind(target)
        if submit and len(stmt.targets) == 1:
            self.record_producers(stmt.targets[0])
        elif (
            isinstance(value, ir.Call)
            and value.func == "pl.array.create"
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ir.Name)
            and any(isinstance(a, ir.Attribute) and a.dotted == "pl.TASK_ID" for a in _dtype_args(value))
        ):
            self.task_arrays.add(stmt.targets[0].id)
        if (
            isinstance(value, ir.Call)
            and value.func == "pl.array.create"
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ir.Name)
        ):
            self.arrays.add(stmt.targets[0].id)
        if (
            isinstance(value, ir.TupleExpr)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ir.Name)
        ):
            self.tuples.add(stmt.targets[0].id)

    def _array_pair(self, node: ir.Subscript) -> bool:
        """`arr[i, j]` on a pl.array.create(...) array: arrays take one index."""
        return (
            isinstance(node.value, ir.Name)
            and node.value.id in self.arrays
            and isinstance(node.index, ir.TupleExpr)
        )

    def expr_stmt(self, stmt: ir.ExprStmt, where: _Where) -> None:
        value = stmt.value
        if (
            isinstance(value, ir.Call)
            and value.func.endswith(".yield_")
            and value.func != "pl.yield_"
            and where.plain_for
            and (not value.args or (len(value.args) > 1))
        ):
            # Not the `pl.yield_` statement the parser special-cases: an expression whose value is None.
            self.error("PTO-F299", stmt.span)
        if isinstance(value, ir.Call) and value.func in _SUBMITS:
            self.submit(value, where)
        self.exprs(value, where)

    def yield_arguments(self, call: ir.Call, where: _Where) -> None:
        """F298: `r = pl.yield_(pl.yield_())` - the inner yield's value is None."""
        if not where.plain_for:
            return  # in a loop with init_values the inner yield is rejected first
        for arg in call.args:
            if (
                isinstance(arg, ir.Call)
                and arg.func.endswith(".yield_")
                and (not arg.args or len(arg.args) > 1)
            ):
                self.error("PTO-F298", arg.span)
                return

    def closure_value(self, name: ir.Name) -> None:
        """F300: `m = MODE` with MODE a module-level string or None."""
        if self.function.decorator != "function" or name.id in self.bound or name.id not in self.env:
            # A @pl.jit entry's specializer leaves such a name out of its closure: an undefined name instead.
            return
        kind = _NO_IR_VALUE.get(type(self.env[name.id]))
        if kind is not None:
            self.error("PTO-F300", name.span, type=kind)

    # ------------------------------------------------------------ expressions
    def exprs(self, expr: ir.Expr, where: _Where, *, assigned: bool = False) -> None:
        """The calls inside an expression: several-value yields outside loops and ifs (F289), op attrs (F290);
        `assigned`: the expression is an assignment's value (a yield there is the parser's yield assignment)."""
        array_pair = False
        for node in walk_expr(expr):
            if isinstance(node, ir.Subscript):
                if not array_pair and self._array_pair(node):
                    self.error("PTO-F284b", node.span)
                    array_pair = True
                elif isinstance(node.value, ir.Name) and node.value.id in self.tuples:
                    self.tuple_index(node)
                continue
            if not isinstance(node, ir.Call):
                continue
            if node.func.endswith(".yield_") and len(node.args) > 1:
                if not (where.in_loop or where.in_if) and not (assigned and node is expr):
                    self.error("PTO-F289", node.span)
            elif node.func in _OPS:
                self.op_attrs(node)
        if isinstance(expr, ir.BinOp):
            for side in (expr.left, expr.right):
                if isinstance(side, ir.Name):
                    self.closure_value(side)

    def tuple_index(self, node: ir.Subscript) -> None:
        """F284c / F282b: a tuple literal's item picked by a non-integer constant or by no constant."""
        index = node.index
        if isinstance(index, ir.Const):
            if type(index.value) is not int:
                self.error("PTO-F284c", node.span)
        elif not (isinstance(index, ir.UnaryOp) and isinstance(index.operand, ir.Const)):
            self.error("PTO-F282b", node.span)

    def op_attrs(self, call: ir.Call) -> None:
        attrs = call.kwarg("attrs")
        if not (isinstance(attrs, ir.Opaque) and attrs.kind == "Dict") or attrs.other_keys:
            return
        for key, value in attrs.entries:
            if key in _DEPS_ONLY_ATTRS:
                self.error("PTO-F290", value.span, key=key, op=call.func)
                return

    def loop_attrs(self, stmt: ir.For) -> None:
        """F291: a range-like loop's attrs value that is no literal."""
        attrs = stmt.iter.kwarg("attrs")
        if stmt.kind not in _RANGE_LOOPS or not stmt.iter.func.startswith("pl."):
            return
        if not (isinstance(attrs, ir.Opaque) and attrs.kind == "Dict") or attrs.other_keys:
            return
        for key, value in attrs.entries:
            if not isinstance(value, ir.Const):
                self.error("PTO-F291", value.span, key=key)
                return

    def host_subworker(self, stmt: ir.With) -> None:
        """F292: `with pl.at(level=pl.Level.HOST, role=pl.Role.SubWorker):` (or a level above HOST)."""
        call = stmt.call
        if call.func != "pl.at":
            return
        level, role = call.kwarg("level"), call.kwarg("role")
        if (
            isinstance(level, ir.Attribute)
            and level.dotted.startswith("pl.Level.")
            and level.dotted[len("pl.Level.") :] in HOST_LEVELS
            and isinstance(role, ir.Attribute)
            and role.dotted == "pl.Role.SubWorker"
        ):
            self.error("PTO-F292", stmt.header)

    # ------------------------------------------------------------ submits
    def submit(self, call: ir.Call, where: _Where) -> None:
        kernel = call.args[0] if call.args else None
        if not (isinstance(kernel, ir.Attribute) and kernel.dotted.startswith("self.")):
            return
        name = kernel.dotted[len("self.") :]
        deps = call.kwarg("deps")
        entries = deps.elts if isinstance(deps, ir.ListExpr | ir.TupleExpr) else None
        if entries is not None and self.deps_mixing(entries, name):
            return
        predicate = call.kwarg("predicate")
        if (
            predicate is not None
            and (entries is not None or deps is None)
            and self.predicate_producer(call, predicate, entries or (), name)
        ):
            return
        if where.in_cluster:
            self.cluster_metadata(call, deps, entries, predicate)

    def deps_mixing(self, entries: tuple[ir.Expr, ...], kernel: str) -> bool:
        """F278 / F279: a whole TASK_ID array and `arr[i]` entries in one deps= list."""
        per_element = whole = False
        for entry in entries:
            if isinstance(entry, ir.Const) and entry.value is None:
                continue
            if isinstance(entry, ir.Name) and entry.id in self.task_arrays:
                if per_element:
                    self.error("PTO-F278", entry.span, kernel=kernel, entry=unparse(entry))
                    return True
                whole = True
            elif (
                isinstance(entry, ir.Subscript)
                and isinstance(entry.value, ir.Name)
                and entry.value.id in self.task_arrays
                and not isinstance(entry.index, ir.SliceExpr | ir.TupleExpr)
            ):
                if whole:
                    self.error("PTO-F279", entry.span, kernel=kernel, entry=unparse(entry))
                    return True
                per_element = True
            elif not isinstance(entry, ir.Name):
                return False  # a comprehension or another form: its entries are not followed here
        return False

    def predicate_producer(
        self, call: ir.Call, predicate: ir.Expr, entries: tuple[ir.Expr, ...], kernel: str
    ) -> bool:
        """F280: the predicate's tensor comes from an earlier submit whose TaskId deps= does not name."""
        if not isinstance(predicate, ir.Compare):
            return False
        sides = (predicate.left, predicate.right)
        reads = [s for s in sides if isinstance(s, ir.Subscript) and isinstance(s.value, ir.Name)]
        literals = [s for s in sides if isinstance(s, ir.Const) and type(s.value) is int]
        if len(reads) != 1 or len(literals) != 1:
            return False
        tensor = reads[0].value
        assert isinstance(tensor, ir.Name)
        recorded = self.producer.get(tensor.id)
        if recorded is None:
            return False
        tid, generation = recorded
        names = []
        for entry in entries:
            if isinstance(entry, ir.Const) and entry.value is None:
                continue
            if not isinstance(entry, ir.Name) or entry.id in self.task_arrays:
                return False  # an array (or its element) fences every slot: not followed here
            names.append(entry.id)
        if tid in names and self.generation.get(tid, 0) == generation:
            return False
        self.error("PTO-F280", call.span, kernel=kernel, tensor=tensor.id, tid=tid)
        return True

    def record_producers(self, target: ir.Expr) -> None:
        """`y, tid = pl.submit(...)` / `(a, b), tid = ...`: y (a, b) produced by the task bound to tid."""
        if not (isinstance(target, ir.TupleExpr) and len(target.elts) == 2):
            return
        outs, tid = target.elts
        if not isinstance(tid, ir.Name):
            return
        generation = self.generation.get(tid.id, 0)
        for out in outs.elts if isinstance(outs, ir.TupleExpr) else (outs,):
            if isinstance(out, ir.Name):
                self.producer[out.id] = (tid.id, generation)

    def cluster_metadata(
        self,
        call: ir.Call,
        deps: ir.Expr | None,
        entries: tuple[ir.Expr, ...] | None,
        predicate: ir.Expr | None,
    ) -> None:
        """F281: dispatch metadata on a submit inside `pl.cluster()`."""
        fields: list[str] = []
        if deps is not None:
            if entries is None:
                return  # a comprehension: how many entries it gives is not followed here
            if any(not (isinstance(e, ir.Const) and e.value is None) for e in entries):
                fields.append("deps")
        spmd = call.func == "pl.spmd_submit"
        if spmd:
            fields.append("core_num")
            start = call.kwarg("sync_start")
            if isinstance(start, ir.Const) and start.value is True:
                fields.append("sync_start")
        early = call.kwarg("allow_early_resolve")
        if isinstance(early, ir.Const) and early.value is True:
            fields.append("allow_early_resolve")
        if predicate is not None and not (isinstance(predicate, ir.Const) and predicate.value is None):
            fields.append("predicate")
        if fields:
            self.error("PTO-F281", call.span, construct=call.func, fields=", ".join(fields))


def _dtype_args(call: ir.Call) -> Iterator[ir.Expr]:
    """`pl.array.create(N, dtype)`'s dtype, positional or keyword."""
    if len(call.args) > 1:
        yield call.args[1]
    dtype = call.kwarg("dtype")
    if dtype is not None:
        yield dtype


def _shadowed_external_calls(module: ir.Module) -> list[Diagnostic]:
    """F294: a member's call of a module-level @pl.function whose name a member of the program also has."""
    out: list[Diagnostic] = []
    free = {f.name for f in module.functions if f.decorator == "function"}
    for program in module.programs:
        clash = free & {f.name for f in program.functions}
        if not clash:
            continue
        for function in program.functions:
            for call in _calls(function.body):
                if call.func in clash:
                    out.append(diagnostic("PTO-F294", call.span, stage="parse", function=call.func))
                    break
    return out


def _calls(stmts: tuple[ir.Stmt, ...]) -> Iterator[ir.Call]:
    yield from calls_in_block(stmts)


def conflicting_externals(
    module: ir.Module, imports: tuple[ImportedName, ...], path: str | None, graph: ModuleGraph
) -> list[Diagnostic]:
    """F294b: two different module-level @pl.function objects of one name (imported from two modules under two
    local names) called from one @pl.program, in one member or in two."""
    called = {
        call.func
        for program in module.programs
        for function in program.functions
        for call in _calls(function.body)
        if "." not in call.func
    }
    file = Path(path) if path else None
    external: dict[str, tuple[str, Path]] = {}  # local name -> (function name, its module file)
    for imported in imports:
        if imported.local not in called:
            continue
        target = graph.resolve(file, imported.module, imported.level)
        summary = graph.summary(target) if target is not None else None
        tree = graph.syntax(summary) if summary is not None else None
        if target is not None and tree is not None and _defines_function(tree, imported.name):
            external[imported.local] = (imported.name, target)
    out: list[Diagnostic] = []
    for program in module.programs:
        members = {f.name for f in program.functions}
        merged: dict[str, Path] = {}
        for function in program.functions:
            own: dict[str, Path] = {}
            for call in _calls(function.body):
                found = external.get(call.func)
                if found is None or found[0] in members:
                    continue  # not an external function, or PTO-F294 first
                name, target = found
                if own.setdefault(name, target) != target or merged.get(name, target) != target:
                    out.append(diagnostic("PTO-F294b", call.span, stage="parse", function=name))
                    return out
            merged.update(own)
    return out


def _defines_function(tree: ast.Module, name: str) -> bool:
    """The module defines `name` as a `@pl.function` (an ir.Function once decorated)."""
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == name:
            return any(
                dotted_name(d.func if isinstance(d, ast.Call) else d) == "pl.function"
                for d in stmt.decorator_list
            )
    return False
