"""ConvertToSSA's scope check: a variable read where no assignment of it reaches on every path.

Python runs `if c: y = ...` then `use(y)` when `c` holds; the DSL converts the function to SSA first, and a
read that some path reaches without a value becomes a free variable that SSAVerify rejects ("Variable 'y'
used outside its defining scope"). The paths are the program's, not its values': a loop body may run no
times (only `pl.unroll` is unrolled before the conversion), and both branches of an `if` count even when
its condition is a constant. Scopes (`with pl.at(...)`) are transparent.

The compiler reports the variable's span: the loop a value escapes from, or the assignment that does not
reach. The read is given as related information.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.incremental import LastingMemo
from compiler.ir_walk import child_blocks, stmt_exprs, walk_expr, walk_stmts
from compiler.rules.frontend import READ_HERE
from compiler.source import Span

_HOST_DECORATORS = frozenset({"jit.host"})
_LOOP_KINDS = frozenset({"range", "parallel", "pipeline", "while_"})


@dataclass(slots=True)
class _Flow:
    """What the walk knows at one point: the names assigned on every path, and where the others went."""

    defined: set[str]
    # A name assigned only inside a finished loop body / some branch of a finished if: where SSAVerify
    # puts the fault when it is read afterwards.
    escaped: dict[str, Span] = field(default_factory=dict)

    def copy(self) -> _Flow:
        return _Flow(set(self.defined), dict(self.escaped))


@dataclass(frozen=True, slots=True)
class _Summary:
    """What a statement or block assigns: each name's first assignment, the `pl.yield_` results, and the
    names whose every assignment keeps an input's type (see `_keeps_type`)."""

    assigned: dict[str, Span]
    yielded: frozenset[str]
    keeps_type: frozenset[str]
    changes_type: frozenset[str]

    @staticmethod
    def of(stmt: ir.Stmt) -> _Summary:
        targets = _targets(stmt)
        names = frozenset(t.id for t in targets)
        assign = stmt if isinstance(stmt, ir.Assign) else None
        yielded = names if assign is not None and _is_yield(assign.value) else frozenset()
        keeps = assign is not None and _keeps_type(assign.value)
        return _Summary(
            {t.id: t.span for t in reversed(targets)},
            yielded,
            names if keeps else frozenset(),
            frozenset() if keeps or assign is None else names,
        )

    @staticmethod
    def merge(parts: list[_Summary]) -> _Summary:
        assigned: dict[str, Span] = {}
        for part in parts:
            for name, span in part.assigned.items():
                assigned.setdefault(name, span)
        changes = frozenset().union(*(p.changes_type for p in parts))
        return _Summary(
            assigned,
            frozenset().union(*(p.yielded for p in parts)),
            frozenset().union(*(p.keeps_type for p in parts)) - changes,
            changes,
        )


@dataclass(slots=True)
class FlowMemo:
    """What the walk derives from statements and expressions alone (what each assigns, the names each
    reads), kept across the versions of one function: a keystroke re-derives it for new statements only."""

    summaries: LastingMemo = field(default_factory=LastingMemo)
    reads: LastingMemo = field(default_factory=LastingMemo)
    names: LastingMemo = field(default_factory=LastingMemo)

    def next_version(self) -> None:
        """Start a new version (each table drops what long went unasked)."""
        for memo in (self.summaries, self.reads, self.names):
            memo.next_version()


def undefined_on_some_path(function: ir.Function, memo: FlowMemo | None = None) -> list[Diagnostic]:
    """One error per place SSAVerify blames, for reads that a path reaches without an assignment."""
    if function.decorator in _HOST_DECORATORS:
        return []
    tracked = _assigned_names(function.body)
    if not tracked:
        return []
    if memo is None:
        memo = FlowMemo()
    memo.next_version()
    checker = _Checker(tracked, function.name, memo)
    params = {p.name for p in function.params}
    checker.block(function.body, _Flow(params & tracked), loop_defs={})
    return checker.found


def _assigned_names(body: tuple[ir.Stmt, ...]) -> set[str]:
    names: set[str] = set()
    for stmt in walk_stmts(body):
        for target in _targets(stmt):
            names.add(target.id)
    return names


def _targets(stmt: ir.Stmt) -> list[ir.Name]:
    """The names a statement binds (a loop binds its variable and its carries; a scope its `as` name)."""
    found: list[ir.Name] = []
    if isinstance(stmt, ir.Assign):
        for target in stmt.targets:
            _add_names(target, found)
    elif isinstance(stmt, ir.For):
        _add_names(stmt.target, found)
    return found


def _add_names(expr: ir.Expr, found: list[ir.Name]) -> None:
    """The names of an assignment target, unpacked (a function: a recursive closure is a cycle)."""
    if isinstance(expr, ir.Name):
        found.append(expr)
    elif isinstance(expr, ir.TupleExpr | ir.ListExpr):
        for elt in expr.elts:
            _add_names(elt, found)


class _Checker:
    def __init__(self, tracked: set[str], function: str, memo: FlowMemo) -> None:
        self.tracked = tracked
        self.function = function
        self.found: list[Diagnostic] = []
        self._reported: set[tuple[str, int, int]] = set()
        self._memo = memo

    def block(
        self,
        stmts: tuple[ir.Stmt, ...],
        flow: _Flow,
        loop_defs: dict[str, Span],
        read_after: frozenset[str] = frozenset(),
    ) -> _Flow:
        """Walk a block; `loop_defs`: the names the enclosing loop bodies assign later (a read of one before
        its assignment in the body needs the value of the previous iteration, which the first one lacks);
        `read_after`: the names read after the block."""
        reads_after: list[frozenset[str]] = []
        running = read_after
        for stmt in reversed(stmts):
            reads_after.append(running)
            running = running | self.names_read(stmt)
        for stmt, after in zip(stmts, reversed(reads_after), strict=True):
            flow = self.stmt(stmt, flow, loop_defs, after)
        return flow

    def stmt(
        self, stmt: ir.Stmt, flow: _Flow, loop_defs: dict[str, Span], read_after: frozenset[str]
    ) -> _Flow:
        if isinstance(stmt, ir.If):
            self.reads(stmt.test, flow, loop_defs)
            then = self.block(stmt.body, flow.copy(), loop_defs, read_after)
            orelse = self.block(stmt.orelse, flow.copy(), loop_defs, read_after)
            then_sum, else_sum = self.summary(stmt.body), self.summary(stmt.orelse)
            kept_types = then_sum.keeps_type | else_sum.keeps_type
            joined = _Flow((then.defined & orelse.defined) | (kept_types & (then.defined | orelse.defined)))
            joined.escaped = {**orelse.escaped, **then.escaped}
            for name in (then.defined | orelse.defined) - joined.defined:
                span = then_sum.assigned.get(name) or else_sum.assigned.get(name)
                if span is not None:
                    joined.escaped.setdefault(name, span)
            return joined
        if isinstance(stmt, ir.For):
            for arg in (*stmt.iter.args, *(k.value for k in stmt.iter.keywords)):
                self.reads(arg, flow, loop_defs)
            inner = flow.copy()
            inner.defined.update(t.id for t in _targets(stmt))
            if stmt.kind not in _LOOP_KINDS:  # pl.unroll is unrolled before ConvertToSSA; spmd is a scope
                return self.block(stmt.body, inner, loop_defs, read_after)
            keyword = Span(stmt.header.line, stmt.header.col, stmt.header.line, stmt.header.col + len("for"))
            return self.loop(stmt.body, flow, inner, loop_defs, keyword, _carries(stmt), read_after)
        if isinstance(stmt, ir.While):
            self.reads(stmt.test, flow, loop_defs)
            keyword = Span(
                stmt.header.line, stmt.header.col, stmt.header.line, stmt.header.col + len("while")
            )
            return self.loop(stmt.body, flow, flow.copy(), loop_defs, keyword, set(), read_after)
        if isinstance(stmt, ir.With):
            self.reads(stmt.call, flow, loop_defs)
            if stmt.target:
                flow.defined.add(stmt.target)
            return self.block(stmt.body, flow, loop_defs, read_after)
        for expr in stmt_exprs(stmt):
            if isinstance(stmt, ir.Assign) and any(expr is t for t in stmt.targets):
                continue
            self.reads(expr, flow, loop_defs)
        for target in _targets(stmt):
            flow.defined.add(target.id)
            flow.escaped.pop(target.id, None)
        return flow

    def loop(
        self,
        body: tuple[ir.Stmt, ...],
        before: _Flow,
        inner: _Flow,
        loop_defs: dict[str, Span],
        keyword: Span,
        carried: set[str],
        read_after: frozenset[str],
    ) -> _Flow:
        summary = self.summary(body)
        assigned = summary.assigned
        after = before.copy()
        # A value that keeps the type object of one it was made from (a store's result is its destination
        # tensor, `y = x` is `x`) finds a pre-loop variable of the very same type to start from
        # (FindInitValue compares type identity): the compiler accepts it. Other types are new objects.
        after.defined.update(carried | summary.yielded | summary.keeps_type)
        # A name read after the loop becomes a loop-carried value whose initial value is missing: the fault
        # is the loop's, and a read of it in the body before its assignment is that carried value.
        escaping = {n for n in assigned if n not in after.defined and n in read_after}
        later = {**loop_defs, **{n: s for n, s in assigned.items() if n not in inner.defined}}
        for name in escaping:
            later[name] = keyword
        self.block(body, inner, later, read_after.union(*(self.names_read(b) for b in body)))
        for name in assigned:
            if name not in after.defined:
                after.escaped[name] = keyword
        return after

    def summary(self, body: tuple[ir.Stmt, ...]) -> _Summary:
        """What a block assigns (each statement summarised once)."""
        parts = [self._statement_summary(stmt) for stmt in body]
        if len(parts) == 1:
            return parts[0]
        return _Summary.merge(parts)

    def _statement_summary(self, stmt: ir.Stmt) -> _Summary:
        return self._memo.summaries.get(stmt, self._summarise)

    def _summarise(self, stmt: ir.Stmt) -> _Summary:
        own = _Summary.of(stmt)
        nested = [self._statement_summary(b) for block in child_blocks(stmt) for b in block]
        return _Summary.merge([own, *nested]) if nested else own

    def names_read(self, stmt: ir.Stmt) -> frozenset[str]:
        """Every name a statement (with its nested blocks) reads, once per statement object."""
        return self._memo.reads.get(stmt, self._names_read)

    def _names_read(self, stmt: ir.Stmt) -> frozenset[str]:
        nested = [self.names_read(b) for block in child_blocks(stmt) for b in block]
        exprs = [e for e in stmt_exprs(stmt) if not (isinstance(stmt, ir.Assign) and _binds_only(e, stmt))]
        own = (n.id for e in exprs for n in walk_expr(e) if isinstance(n, ir.Name))
        return frozenset(own).union(*nested)

    def reads(self, expr: ir.Expr, flow: _Flow, loop_defs: dict[str, Span]) -> None:
        for node in self._memo.names.get(expr, _name_nodes):
            if node.id not in self.tracked or node.id in flow.defined:
                continue
            blamed = flow.escaped.get(node.id) or loop_defs.get(node.id)
            if blamed is None:
                continue  # read before any assignment in straight-line code: the parser's undefined name
            key = (node.id, blamed.line, blamed.col)
            if key in self._reported:
                continue
            self._reported.add(key)
            self.found.append(
                diagnostic(
                    "PTO-F88",
                    blamed,
                    name=node.id,
                    related=(READ_HERE.at(node.span, name=node.id),),
                )
            )


def _name_nodes(expr: ir.Expr) -> tuple[ir.Name, ...]:
    return tuple(node for node in walk_expr(expr) if isinstance(node, ir.Name))


def _carries(stmt: ir.For) -> set[str]:
    """The loop-carried names of `for i, (a, b) in pl.range(..., init_values=(...))`: defined after it."""
    if isinstance(stmt.target, ir.TupleExpr) and len(stmt.target.elts) == 2:
        carried = stmt.target.elts[1]
        elts = carried.elts if isinstance(carried, ir.TupleExpr | ir.ListExpr) else (carried,)
        return {e.id for e in elts if isinstance(e, ir.Name)}
    return set()


_TYPE_KEEPING_OPS = ("store", "assemble", "write", "put", "remote_store", "yield_")


def _keeps_type(value: ir.Expr) -> bool:
    """An alias, a store / assemble / write (its destination), or a call of a function rather than an op
    (its declared return type): a value whose type object is an input's."""
    if isinstance(value, ir.Name):
        return True
    return isinstance(value, ir.Call) and (
        not value.func.startswith(("pl.", "pld.")) or value.func.rsplit(".", 1)[-1] in _TYPE_KEEPING_OPS
    )


def _is_yield(value: ir.Expr) -> bool:
    return isinstance(value, ir.Call) and value.func.endswith("yield_")


def _binds_only(expr: ir.Expr, stmt: ir.Assign) -> bool:
    """An assignment target made of names only (`x`, `a, b`): it binds, it reads nothing."""
    if not any(expr is t for t in stmt.targets):
        return False
    return all(isinstance(n, ir.Name | ir.TupleExpr | ir.ListExpr) for n in walk_expr(expr))
