"""Simplify (exec 5): the compile-time folding that decides which source lines own IR at all.

Modelled where it changes lanes, dead code or verdicts:
* an `if` whose condition is provably true or false collapses to the kept branch (its header goes too;
  an always-false `if` with no `else` vanishes);
* a pure `pl.range` loop (no `attrs=`, no `init_values=`, step >= 1) of 0 trips is deleted, and one of
  1 trip loses its header, its body lifted with the loop variable bound to the start value;
* `pl.parallel`, `pl.pipeline` and loops with `attrs=` are never folded.
What is provable: module constants, and scalar constants assigned at the top level of the function
body (`pl.at`, `pl.scope`, `pl.cluster` and `pl.split_aiv` bodies count as top level; `for`, `while`,
`if` and `pl.spmd` bodies do not). Everything else stays as written, so an unknown value never folds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from itertools import repeat
from typing import Any

from compiler import budget, ir
from compiler.frontend.consts import UNKNOWN_VALUE, fold
from compiler.incremental import IdentityMemo
from compiler.ir_walk import child_blocks, map_ir, names_in, structure, walk_expr
from compiler.memo import NameIndex, NestedMemo
from compiler.vocabulary import DTYPE_BITS, DTypeValue

_TOP_LEVEL_WITH = frozenset({"at", "scope", "cluster", "manual_scope", "incore"})
_MAX_BODY = 4096  # statements a folded body may hold before the pass stops lifting (bounded work)


_ABSENT = object()


SNAPSHOT_NAMES = 200  # a statement mentioning this many names keeps its reads as a `_Snapshot` when typing


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """What a large compound statement's fold reads, as the constants and ranges stood before it, copied
    whole: typing inside it makes a new statement each keystroke, and a copy costs less than a value per
    name (thousands in a long loop); the values of its names are compared only when it is met again."""

    env: dict[str, object]
    ranges: dict[str, tuple[int, int]]
    known: tuple[tuple[str, bool], ...]


@dataclass(frozen=True, slots=True)
class _Folded:
    """What folding one compound statement gave, from the values of the names it mentions."""

    stmt: ir.Stmt
    top_level: bool
    reads: tuple[object, ...] | _Snapshot
    folded: tuple[ir.Stmt, ...]
    writes: tuple[tuple[str, object], ...]  # what it did to the known constants, in order


@dataclass(frozen=True, slots=True)
class _FoldedPrefix:
    """The first statements of a function body as the last version folded them, from the constants it
    started with: a body that starts with the same statement objects, from the same constants, takes
    what they gave at once (typing happens near the end of a long body, after its folded run)."""

    stmts: tuple[ir.Stmt, ...]
    env: dict[str, object]  # the constants the body started from
    writes: tuple[tuple[str, object], ...]  # what the statements did to them, in order
    ranges: dict[str, tuple[int, int]]
    facts: dict[str, tuple[bool, frozenset[str]]]
    folded: tuple[ir.Stmt, ...]
    changed: bool  # some statement folded to something else
    entries: dict[int, Any]  # their memo entries, nested ones too: kept for the next version

    def applies(self, stmts: tuple[ir.Stmt, ...], env: dict[str, object]) -> bool:
        """True when `stmts` start with the same statement objects and the constants are the same."""
        count = len(self.stmts)
        return (
            len(stmts) >= count
            and all(a is b for a, b in zip(self.stmts, stmts[:count], strict=True))
            and env == self.env
        )


@dataclass(slots=True)
class StatementFolds:
    """One function's folded compound statements, kept one version: an edit refolds the statements
    that hold it; the others give their last result again (the same objects, which the passes after
    Simplify key their own memos by) when the constants and ranges of their names are the same."""

    names: NameIndex
    stmts: NestedMemo[int, _Folded] = field(default_factory=NestedMemo)
    # The names each body assigns, by body tuple (a pure function of it): an edit inside a long loop
    # walks only the bodies it rebuilt, not every unchanged one nested in them.
    assigned: IdentityMemo = field(default_factory=IdentityMemo)
    body: tuple[ir.Stmt, ...] = ()  # the function body this version folded
    prefix: _FoldedPrefix | None = None

    def next_version(self, names: NameIndex) -> StatementFolds:
        """The memo the next version's Simplify reads (with that version's name index)."""
        return StatementFolds(
            names, self.stmts.next_version(), self.assigned.carried(), self.body, self.prefix
        )


def simplify(
    function: ir.Function,
    env: Mapping[str, object],
    memo: StatementFolds | None = None,
    whole: Callable[[ir.Stmt], bool] | None = None,
) -> ir.Function:
    """The function with provably dead branches and 0/1-trip pure loops folded away (`whole`: the
    statements the memo keys as one, none nested in them on its own: code spliced from another module)."""
    folder = _Folder(dict(env), memo, whole)
    body = folder.block(function.body, top_level=True) if memo is None else folder.body(function.body, memo)
    return function if body is function.body else replace(function, body=body)


class _Folder:
    def __init__(
        self,
        env: dict[str, object],
        memo: StatementFolds | None = None,
        whole: Callable[[ir.Stmt], bool] | None = None,
    ) -> None:
        self.env = env
        self.whole = whole
        self.inside_whole = False
        self.memo: dict[int, frozenset[str]] = {}
        self.ranges: dict[str, tuple[int, int]] = {}  # loop variables and narrowed names: [lo, hi]
        self.statements = memo
        # Typing (a version before this one): a large statement refolded is the one being edited.
        self.snapshots = memo is not None and bool(memo.body)
        self.writes: list[tuple[str, object]] = []  # every write to `env`, in order
        # Conditions known inside the branches around here (the analyzer's constraint context): the text
        # of the condition -> (its value, the names it reads).
        self.facts: dict[str, tuple[bool, frozenset[str]]] = {}

    def set(self, name: str, value: object) -> None:
        """Record what a name is known to hold from here on."""
        self.env[name] = value
        self.writes.append((name, value))
        if self.facts:
            self.facts = {k: v for k, v in self.facts.items() if name not in v[1]}

    def known(self, names: frozenset[str] | tuple[str, ...]) -> tuple[tuple[str, bool], ...]:
        """The known conditions that read any of `names` (a statement memo depends on them)."""
        return tuple(sorted((k, v[0]) for k, v in self.facts.items() if not v[1].isdisjoint(names)))

    def block(self, stmts: tuple[ir.Stmt, ...], top_level: bool) -> tuple[ir.Stmt, ...]:
        out: list[ir.Stmt] = []
        changed = False
        for stmt in stmts:
            folded = self.stmt(stmt, top_level)
            if len(folded) != 1 or folded[0] is not stmt:
                changed = True
            out.extend(folded)
        return tuple(out) if changed else stmts

    def body(self, stmts: tuple[ir.Stmt, ...], memo: StatementFolds) -> tuple[ir.Stmt, ...]:
        """The function body (`block` at the top level), from the end of the last version's prefix when
        the body still starts with it; the statements before the first one that is not the last
        version's become the next version's prefix."""
        out: list[ir.Stmt] = []
        changed = False
        start = 0
        prefix, last = memo.prefix, memo.body
        first_new = next((i for i, s in enumerate(stmts) if i >= len(last) or last[i] is not s), len(stmts))
        applies = prefix is not None and prefix.applies(stmts, self.env)
        kept = len(prefix.stmts) if prefix is not None and applies else 0
        started = dict(self.env) if kept < first_new < len(stmts) else self.env  # copied only when kept
        if prefix is not None and applies:
            self.env.update(prefix.writes)
            self.writes.extend(prefix.writes)
            self.ranges, self.facts = dict(prefix.ranges), dict(prefix.facts)
            memo.stmts.keep_entries(prefix.entries)
            out.extend(prefix.folded)
            changed = prefix.changed
            start = len(prefix.stmts)
        for index in range(start, len(stmts)):
            stmt = stmts[index]
            if index == first_new and index > start:
                memo.prefix = _FoldedPrefix(
                    stmts[:index],
                    started,
                    tuple(self.writes),
                    dict(self.ranges),
                    dict(self.facts),
                    tuple(out),
                    changed,
                    memo.stmts.entries_of(id(s) for s in stmts[:index]),
                )
            folded = self.stmt(stmt, True)
            if len(folded) != 1 or folded[0] is not stmt:
                changed = True
            out.extend(folded)
        memo.body = stmts
        return tuple(out) if changed else stmts

    def stmt(self, stmt: ir.Stmt, top_level: bool) -> list[ir.Stmt]:
        memo = self.statements
        names = memo.names.keyed(stmt) if memo is not None and not self.inside_whole else None
        if memo is None or names is None:
            return self._stmt(stmt, top_level)
        found = memo.stmts.get(id(stmt))
        if (
            found is not None
            and found.stmt is stmt
            and found.top_level == top_level
            and self._reads_again(names, found.reads)
        ):
            memo.stmts.reuse(id(stmt))
            self.env.update(found.writes)
            self.writes.extend(found.writes)
            return list(found.folded)
        reads: tuple[object, ...] | _Snapshot
        if self.snapshots and len(names) >= SNAPSHOT_NAMES:
            reads = _Snapshot(dict(self.env), dict(self.ranges), self.known(names))
        else:
            reads = self._reads(names)
        mark = len(self.writes)
        memo.stmts.begin()
        self.inside_whole = self.whole is not None and self.whole(stmt)
        try:
            folded = self._stmt(stmt, top_level)
        except BaseException:
            memo.stmts.abandon()
            raise
        finally:
            self.inside_whole = False
        memo.stmts.end(id(stmt), _Folded(stmt, top_level, reads, tuple(folded), tuple(self.writes[mark:])))
        return folded

    def _reads(self, names: tuple[str, ...]) -> tuple[object, ...]:
        """What a keyed statement's fold reads: each name's value and range, one flat tuple (a pair per
        name was most of the memo: a compound statement mentions hundreds of names), then the conditions."""
        value, limits = self.env.get, self.ranges.get
        flat: list[object] = []
        push = flat.append
        for name in names:
            push(value(name, _ABSENT))
            push(limits(name))
        push(self.known(names))
        return tuple(flat)

    def _reads_again(self, names: tuple[str, ...], reads: tuple[object, ...] | _Snapshot) -> bool:
        """`self._reads(names) == reads`, without building the tuple (most statements read as they did)."""
        if isinstance(reads, _Snapshot):
            return self._snapshot_again(names, reads)
        if len(reads) != 2 * len(names) + 1:
            return False
        value, limits = self.env.get, self.ranges.get
        index = 0
        for name in names:
            now, before = value(name, _ABSENT), reads[index]
            if now is not before and now != before:
                return False
            now, before = limits(name), reads[index + 1]
            if now is not before and now != before:
                return False
            index += 2
        return bool(reads[index] == self.known(names))

    def _snapshot_again(self, names: tuple[str, ...], snapshot: _Snapshot) -> bool:
        """`_reads_again` of a statement whose reads were kept as a `_Snapshot`."""
        value, limits = self.env.get, self.ranges.get
        before_value, before_limits = snapshot.env.get, snapshot.ranges.get
        for name in names:
            now, before = value(name, _ABSENT), before_value(name, _ABSENT)
            if now is not before and now != before:
                return False
            now, before = limits(name), before_limits(name)
            if now is not before and now != before:
                return False
        return snapshot.known == self.known(names)

    def _stmt(self, stmt: ir.Stmt, top_level: bool) -> list[ir.Stmt]:
        budget.check()
        if isinstance(stmt, ir.Assign):
            self.bind(stmt, top_level)
            return [stmt]
        if isinstance(stmt, ir.If):
            decided = self.truth(stmt.test)
            if decided is not None and not _has_yield(stmt):
                kept = stmt.body if decided else stmt.orelse
                return list(self.block(kept, False))
            # Inside each branch the condition (or its negation) is known: nested ifs can fold on it.
            outer = dict(self.ranges)
            outer_facts = dict(self.facts)
            # A condition of names and arithmetic only: a call (a pl.read) may give another value again.
            pure = not any(isinstance(e, ir.Call | ir.Subscript) for e in walk_expr(stmt.test))
            key, reads = _condition_key(stmt.test), names_in(stmt.test)
            self.ranges = _narrowed(stmt.test, outer, self.env, True)
            if pure:
                self.facts[key] = (True, reads)
            body = self.block(stmt.body, False)
            self.ranges = _narrowed(stmt.test, outer, self.env, False)
            self.facts = {**outer_facts, key: (False, reads)} if pure else dict(outer_facts)
            orelse = self.block(stmt.orelse, False)
            self.ranges = outer
            changed = self.assigned(stmt.body) | self.assigned(stmt.orelse)
            self.facts = {k: v for k, v in outer_facts.items() if v[1].isdisjoint(changed)}
            return [self.rebuilt(stmt, body=body, orelse=orelse)]
        if isinstance(stmt, ir.For):
            trips = self.trips(stmt)
            if trips == 0:
                return []
            if trips == 1 and isinstance(stmt.target, ir.Name):
                start = self.start(stmt)
                body = stmt.body
                if not _int(start):
                    # `for b in pl.range(t0, t0 + C, step)` of one trip: the body reads t0 where it read b.
                    first = stmt.iter.args[0]
                    assert isinstance(first, ir.Name)  # trips() folds a symbolic start only for a name
                    body = _renamed(body, stmt.target.id, first)
                self.forget(body)
                self.set(stmt.target.id, start)
                lifted = list(self.block(body, False))
                return lifted
            self.forget(stmt.body)
            inner_top = stmt.kind == "split_aiv" and top_level
            span = self.loop_range(stmt)
            var = stmt.target.id if isinstance(stmt.target, ir.Name) else None
            outer = dict(self.ranges)
            if var is not None:
                self.ranges.pop(var, None)
                if span is not None and var not in self.assigned(stmt.body):
                    self.ranges[var] = span  # the loop variable stays in [start, stop)
            body = self.block(stmt.body, inner_top)
            self.ranges = outer
            return [self.rebuilt(stmt, body=body)]
        if isinstance(stmt, ir.While):
            self.forget(stmt.body)
            return [self.rebuilt(stmt, body=self.block(stmt.body, False))]
        if isinstance(stmt, ir.With):
            inner_top = top_level and stmt.kind in _TOP_LEVEL_WITH
            if not inner_top:
                self.forget(stmt.body)
            return [self.rebuilt(stmt, body=self.block(stmt.body, inner_top))]
        return [stmt]

    @staticmethod
    def rebuilt(stmt: ir.Stmt, **blocks: tuple[ir.Stmt, ...]) -> ir.Stmt:
        if all(getattr(stmt, name) is value for name, value in blocks.items()):
            return stmt
        return replace(stmt, **blocks)  # type: ignore[type-var,arg-type]

    def bind(self, stmt: ir.Assign, top_level: bool) -> None:
        """A top-level scalar constant is known from here on; any other assignment makes its names unknown."""
        for target in stmt.targets:
            names = [target] if isinstance(target, ir.Name) else []
            if isinstance(target, ir.TupleExpr | ir.ListExpr):
                names = [e for e in target.elts if isinstance(e, ir.Name)]
            for name in names:
                value = (
                    _value(stmt.value, self.env) if top_level and len(stmt.targets) == 1 else UNKNOWN_VALUE
                )
                scalar = isinstance(value, int | float | bool) and names == [target]
                self.set(name.id, value if scalar else UNKNOWN_VALUE)

    def forget(self, body: tuple[ir.Stmt, ...]) -> None:
        """Names assigned inside a loop or branch have no single value after it (`set` for each, with
        the known conditions filtered once: a long loop assigns hundreds of names)."""
        names = self.assigned(body)
        self.env.update(dict.fromkeys(names, UNKNOWN_VALUE))
        self.writes.extend(zip(names, repeat(UNKNOWN_VALUE)))
        if self.facts and names:
            self.facts = {k: v for k, v in self.facts.items() if v[1].isdisjoint(names)}

    def assigned(self, body: tuple[ir.Stmt, ...]) -> frozenset[str]:
        """Every name a body assigns (memoised: nested loops ask again for their inner bodies)."""
        cached = self.memo.get(id(body))
        if cached is not None:
            return cached
        if self.statements is not None:
            found: frozenset[str] = self.statements.assigned.get(body, self._assigned)
            self.memo[id(body)] = found
            return found
        return self._assigned(body)

    def _assigned(self, body: tuple[ir.Stmt, ...]) -> frozenset[str]:
        names: set[str] = set()
        for stmt in body:
            if isinstance(stmt, ir.Assign):
                for target in stmt.targets:
                    names.update(_bound(target))
            elif isinstance(stmt, ir.For):
                names.update(_bound(stmt.target))
            for block in child_blocks(stmt):
                names |= self.assigned(block)
        found = frozenset(names)
        self.memo[id(body)] = found
        return found

    def truth(self, test: ir.Expr) -> bool | None:
        fact = self.facts.get(_condition_key(test))
        if fact is not None:
            return fact[0]  # the same condition as an enclosing if's, its names unchanged since
        value = _fold_bool(test, self.env, self.ranges)
        return value if isinstance(value, bool) else None

    def loop_range(self, stmt: ir.For) -> tuple[int, int] | None:
        """[start, stop - 1] of a loop with constant bounds (any loop kind), when it runs at all."""
        call = stmt.iter
        if stmt.kind not in ("range", "parallel", "pipeline", "unroll") or len(call.args) > 3:
            return None
        bounds = [fold(a, self.env) for a in call.args]
        if not bounds or not all(_int(b) for b in bounds):
            return None
        start, stop = (0, bounds[0]) if len(bounds) == 1 else (bounds[0], bounds[1])
        step = (
            bounds[2] if len(bounds) == 3 else fold(call.kwarg("step"), self.env) if call.kwarg("step") else 1
        )
        if not _int(step) or step < 1 or not _int(start) or not _int(stop) or stop <= start:  # type: ignore[operator]
            return None
        return start, stop - 1  # type: ignore[return-value,operator]

    def trips(self, stmt: ir.For) -> int | None:
        """The trip count of a pure `pl.range` loop, when it is known."""
        call = stmt.iter
        if stmt.kind != "range" or call.kwarg("attrs") is not None or call.kwarg("init_values") is not None:
            return None
        if any(kw.name not in ("step",) for kw in call.keywords):
            return None
        bounds = [fold(a, self.env) for a in call.args]
        step_kw = call.kwarg("step")
        if step_kw is not None:
            bounds = [*bounds, fold(step_kw, self.env)] if len(bounds) == 2 else []
        if len(bounds) in (2, 3) and not _int(bounds[0]):
            # `pl.range(t0, t0 + C, step)`: C / step trips (rounded up) whatever t0 holds (as the compiler
            # folds it); an empty one is left alone.
            width = _offset_from(call.args[0], call.args[1], self.env)
            fixed = isinstance(stmt.target, ir.Name) and not {stmt.target.id, *_bound(call.args[0])} & (
                self.assigned(stmt.body)
            )
            if width is not None and width > 0 and fixed:
                bounds = [0, width, bounds[2] if len(bounds) == 3 else 1]
        if not 1 <= len(bounds) <= 3 or not all(_int(b) for b in bounds):
            return None
        start, stop, step = (
            (0, bounds[0], 1) if len(bounds) == 1 else (*bounds[:2], bounds[2] if len(bounds) == 3 else 1)
        )
        if not isinstance(step, int) or step < 1 or not isinstance(start, int) or not isinstance(stop, int):
            return None
        return len(range(start, stop, step)) if stop - start < 10**9 else None

    def start(self, stmt: ir.For) -> object:
        args = stmt.iter.args
        return fold(args[0], self.env) if len(args) >= 2 else 0


# Integer dtypes a constant cast folds to (their widths are DTYPE_BITS'; the U ones are unsigned).
_INT_DTYPES = frozenset({"INT8", "INT16", "INT32", "INT64", "INDEX", "UINT8", "UINT16", "UINT32", "UINT64"})


def _value(expr: ir.Expr, env: Mapping[str, object]) -> object:
    """`fold`, and `pl.cast(c, <integer dtype>)` of an integer constant that fits the dtype: an inline
    helper's `step` bound to `pl.cast(1, pl.INT32)` is that constant when Simplify folds `if step > 0`."""
    if not isinstance(expr, ir.Call) or expr.func != "pl.cast" or len(expr.args) not in (1, 2):
        return fold(expr, env)
    dtype_arg = expr.args[1] if len(expr.args) == 2 else expr.kwarg("target_type")
    value, dtype = fold(expr.args[0], env), fold(dtype_arg, env) if dtype_arg is not None else None
    if not _int(value) or not isinstance(dtype, DTypeValue) or dtype.name not in _INT_DTYPES:
        return UNKNOWN_VALUE
    bits, signed = DTYPE_BITS[dtype.name], not dtype.name.startswith("U")
    low, high = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return value if low <= value <= high else UNKNOWN_VALUE  # type: ignore[operator]


def _renamed(body: tuple[ir.Stmt, ...], name: str, to: ir.Name) -> tuple[ir.Stmt, ...]:
    """The body with every read of `name` reading `to` (at the read's own span)."""

    def rewrite(node: object) -> object | None:
        if type(node) is ir.Name and node.id == name:
            return replace(to, span=node.span)
        return None

    renamed: tuple[ir.Stmt, ...] = map_ir(body, rewrite)
    return renamed


def _offset_from(start: ir.Expr, stop: ir.Expr, env: Mapping[str, object]) -> int | None:
    """C when `stop` is `start + C` (or `C + start`) for a name `start` and a constant C."""
    if not isinstance(start, ir.Name) or not isinstance(stop, ir.BinOp) or stop.op != "+":
        return None
    for name, other in ((stop.left, stop.right), (stop.right, stop.left)):
        if isinstance(name, ir.Name) and name.id == start.id:
            value = fold(other, env)
            return value if _int(value) else None  # type: ignore[return-value]
    return None


def _bound(target: ir.Expr) -> set[str]:
    """The names an assignment target rebinds: a subscript store rebinds its base, never the names in its
    index (`out[t0 : t0 + TILE, 0:TOPK] = ...` leaves TILE and TOPK as they were)."""
    while isinstance(target, ir.Subscript):
        target = target.value
    if isinstance(target, ir.Name):
        return {target.id}
    if isinstance(target, ir.TupleExpr | ir.ListExpr):
        return {name for elt in target.elts for name in _bound(elt)}
    return {n.id for n in walk_expr(target) if isinstance(n, ir.Name)}


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fold_bool(expr: ir.Expr, env: Mapping[str, object], ranges: Mapping[str, tuple[int, int]]) -> object:
    """Comparisons, `and` / `or` / `not` and boolean constants over known values and known ranges."""
    if isinstance(expr, ir.BoolOp):
        values = [_fold_bool(v, env, ranges) for v in expr.values]
        if expr.op == "and":
            if any(v is False for v in values):
                return False
            return True if all(v is True for v in values) else UNKNOWN_VALUE
        if any(v is True for v in values):
            return True
        return False if all(v is False for v in values) else UNKNOWN_VALUE
    if isinstance(expr, ir.UnaryOp) and expr.op == "not":
        inner = _fold_bool(expr.operand, env, ranges)
        return (not inner) if isinstance(inner, bool) else UNKNOWN_VALUE
    bounded = _range_compare(expr, env, ranges)
    if bounded is not None:
        return bounded
    value = fold(expr, env)
    # Only a Bool-typed condition folds: `if FLAG:` with an int FLAG is a parse error, not a fold.
    return value if isinstance(value, bool) else UNKNOWN_VALUE


def _comparison(expr: ir.Expr, env: Mapping[str, object]) -> tuple[str, str, int] | None:
    """`name OP constant` (either side), normalised to the name on the left."""
    if not isinstance(expr, ir.Compare) or expr.op not in _FLIP:
        return None
    if isinstance(expr.left, ir.Name):
        value = fold(expr.right, env)
        if _int(value):
            return expr.left.id, expr.op, value  # type: ignore[return-value]
    if isinstance(expr.right, ir.Name):
        value = fold(expr.left, env)
        if _int(value):
            return expr.right.id, _FLIP[expr.op], value  # type: ignore[return-value]
    return None


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def _range_compare(
    expr: ir.Expr, env: Mapping[str, object], ranges: Mapping[str, tuple[int, int]]
) -> bool | None:
    """Decide `name OP c` when the name's whole range lies on one side."""
    found = _comparison(expr, env)
    if found is None or found[0] not in ranges:
        return None
    name, op, c = found
    lo, hi = ranges[name]
    if op == "<":
        return True if hi < c else False if lo >= c else None
    if op == "<=":
        return True if hi <= c else False if lo > c else None
    if op == ">":
        return True if lo > c else False if hi <= c else None
    if op == ">=":
        return True if lo >= c else False if hi < c else None
    if op == "==":
        return True if lo == hi == c else False if c < lo or c > hi else None
    return False if lo == hi == c else True if c < lo or c > hi else None  # "!="


def _narrowed(
    test: ir.Expr, ranges: dict[str, tuple[int, int]], env: Mapping[str, object], holds: bool
) -> dict[str, tuple[int, int]]:
    """The ranges inside a branch where `test` is known to hold (or not)."""
    found = _comparison(test, env)
    if found is None or found[0] not in ranges:
        return dict(ranges)
    name, op, c = found
    if not holds:
        op = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}[op]
    lo, hi = ranges[name]
    if op == "<":
        hi = min(hi, c - 1)
    elif op == "<=":
        hi = min(hi, c)
    elif op == ">":
        lo = max(lo, c + 1)
    elif op == ">=":
        lo = max(lo, c)
    elif op == "==":
        lo, hi = max(lo, c), min(hi, c)
    out = dict(ranges)
    if lo <= hi:
        out[name] = (lo, hi)
    return out


def _condition_key(expr: ir.Expr) -> str:
    """A condition's structure without its spans, as text (a sortable memo key)."""
    return repr(structure(expr))


def _has_yield(stmt: ir.If) -> bool:
    """True when a branch yields the `if`'s results (`x = pl.yield_(...)` directly in a branch)."""
    for branch_stmt in (*stmt.body, *stmt.orelse):
        value = branch_stmt.value if isinstance(branch_stmt, ir.Assign | ir.ExprStmt) else None
        if isinstance(value, ir.Call) and value.func == "pl.yield_":
            return True
    return False
