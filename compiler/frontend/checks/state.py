"""What the parse-stage checks of one function read and change, and how they call each other.

Every read of the walk's state (names, their types, each open body's bindings) and every change of it
(definitions, facts for the passes, reports) goes through `CheckState`, so the statement memo
(`statement_checks`, a `compiler.incremental.Recorded`) sees every input and every effect of a
statement: a statement is checked again only when a read it recorded gives something else.
"""

from __future__ import annotations

import builtins
import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic, Problem, Related
from compiler.fixes import Fix
from compiler.frontend.checks.facts import FunctionFacts, ScopeInfo
from compiler.incremental import Recorded, Step
from compiler.ops.resolve import Resolution
from compiler.source import Span
from compiler.types import ValueType

_BUILTINS = frozenset(dir(builtins))

_CLOSE = 0.75  # the did-you-mean cutoff of an undefined name


def close_names(word: str, sources: Iterable[Iterable[str]]) -> tuple[str, ...]:
    """The closest name to `word` in `sources` (none of `__dunder` form), as `difflib.get_close_matches`
    ranks them at the did-you-mean cutoff; empty when none is close enough."""
    # Only names of a length within difflib's bound for the cutoff can match: the rest are never
    # compared (a model's module names run into the thousands; this runs per keystroke).
    size = len(word)
    lo, hi = size * _CLOSE / (2 - _CLOSE) - 1e-9, size * (2 - _CLOSE) / _CLOSE + 1e-9
    candidates = {
        name for names in sources for name in names if lo <= len(name) <= hi and not name.startswith("__")
    }
    return tuple(difflib.get_close_matches(word, sorted(candidates), n=1, cutoff=_CLOSE))


_ABSENT = object()


class ShadowTuples:
    """The reads a definition answers, one tuple per name shared by every step that defines it (each
    step's memo holds them: new pairs per definition were a sixth of a long function's memos). One per
    Analyzer, shared by the checks of all its functions; bounded: cleared when it outgrows `limit`
    (a document has far fewer names)."""

    __slots__ = ("_defines", "_rebinds", "limit")

    def __init__(self, limit: int = 16_384) -> None:
        self.limit = limit
        self._defines: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {}
        self._rebinds: dict[tuple[int, str], tuple[tuple[str, tuple[int, str]]]] = {}

    def define(self, name: str) -> tuple[tuple[str, str], tuple[str, str]]:
        """(("type", name), ("defined", name)), the same tuple for every definition of the name."""
        found = self._defines.get(name)
        if found is None:
            if len(self._defines) >= self.limit:
                self._defines.clear()
            found = self._defines[name] = (("type", name), ("defined", name))
        return found

    def rebind(self, key: tuple[int, str]) -> tuple[tuple[str, tuple[int, str]]]:
        """(("block", key),), the same tuple for every rebinding of the name in a body that deep."""
        found = self._rebinds.get(key)
        if found is None:
            if len(self._rebinds) >= self.limit:
                self._rebinds.clear()
            found = self._rebinds[key] = (("block", key),)
        return found


def _same_type(a: object, b: object) -> bool:
    """Two reads give the same: equal, with the same valid extents (which type equality ignores)."""
    return a == b and getattr(a, "valid", None) == getattr(b, "valid", None)


@dataclass(frozen=True, slots=True)
class StateCopy:
    """What the checks' state holds at one point of the walk (see `CheckState.copy`)."""

    types: dict[str, ValueType]
    calls: dict[Span, Resolution]
    scopes: dict[Span, ScopeInfo]
    regions: dict[Span, str]
    block: dict[str, ValueType]  # the innermost open body's bindings
    emitted: tuple[tuple[Diagnostic, bool], ...]
    bad: bool


@dataclass(frozen=True, slots=True)
class CheckedPrefix:
    """The first statements of a function body, all reused, and the state they left: the next version
    whose body starts with the same statement objects, from the same state, takes that state at once
    instead of reusing them one by one (typing happens near the end of a long body's reused run)."""

    stmts: tuple[ir.Stmt, ...]
    context: tuple[object, ...]
    before: StateCopy
    after: StateCopy
    steps: dict[object, Step]  # their memo steps (the steps nested in them stay kept with them)

    def applies(self, stmts: tuple[ir.Stmt, ...], context: tuple[object, ...], before: StateCopy) -> bool:
        """True when `stmts` start with the same statement objects, in the same context and state."""
        count = len(self.stmts)
        return (
            len(stmts) >= count
            and context == self.context
            and all(a is b for a, b in zip(self.stmts, stmts[:count], strict=True))
            and before == self.before
        )


class StatementChecks(Recorded):
    """The statement memo of one function's checks (compiler.incremental.Recorded): a statement is
    checked again only when it is new or a name, type or context it read changed. Its steps share the
    tuples of the reads a definition answers (`shadows`) with the other functions of the document.
    `prefix`: the body's leading statements that the last version reused, with the state they left."""

    __slots__ = ("prefix", "shadows")

    def __init__(self, shadows: ShadowTuples) -> None:
        super().__init__(_same_type)
        self.shadows = shadows
        self.prefix: CheckedPrefix | None = None

    def checkpoint(self) -> Callable[[], None]:
        """`Recorded.checkpoint`, with the prefix as it stands now."""
        restore, prefix = super().checkpoint(), self.prefix

        def restore_all() -> None:
            restore()
            self.prefix = prefix

        return restore_all


def statement_checks(shadows: ShadowTuples | None = None) -> StatementChecks:
    """A new statement memo for one function's checks (`shadows`: the Analyzer's, or a new table)."""
    return StatementChecks(shadows if shadows is not None else ShadowTuples())


@dataclass(slots=True)
class WalkContext:
    """Where a statement sits: in an InCore scope or not, the innermost scope and split_aiv region, the
    loops around it."""

    in_core: bool
    scope_split: str | None = None  # innermost InCore scope's pl.split mode ("" = none declared)
    scope_span: Span | None = None
    region_mode: str | None = None
    region_span: Span | None = None
    loops: list[str] = field(default_factory=list)
    in_cluster: bool = False  # inside `with pl.cluster():`
    in_manual_scope: bool = False  # inside a manual runtime scope (`with pl.manual_scope():`)

    def key(self) -> tuple[object, ...]:
        """What a statement's checks read of the context (the statement memo compares it)."""
        return (
            self.in_core,
            self.scope_split,
            self.scope_span,
            self.region_mode,
            self.region_span,
            tuple(self.loops),
            self.in_cluster,
            self.in_manual_scope,
        )

    def child(self, **changes: object) -> WalkContext:
        """A copy with `changes` (a nested body's context)."""
        ctx = WalkContext(self.in_core, self.scope_split, self.scope_span, self.region_mode, self.region_span)
        ctx.loops = list(self.loops)
        ctx.in_cluster = self.in_cluster
        for key, value in changes.items():
            setattr(ctx, key, value)
        return ctx


class Typer(Protocol):
    """Types an expression, checking every call and name in it (`expressions.ExpressionTyper`)."""

    def value(self, expr: ir.Expr, ctx: WalkContext) -> ValueType:
        """The expression's type."""
        ...


class SplitTransfers(Protocol):
    """Checks and types `pl.aiv_shard(x)` / `pl.aic_gather(x)` (`split_aiv.SplitAivChecks`)."""

    def split_transfer(self, call: ir.Call, operand: ValueType, ctx: WalkContext) -> ValueType:
        """The transfer's type, its operand typed already."""
        ...


class CheckState:
    """The state of one function's checks: its names and their types, each open body's bindings, the
    facts for the passes and the reports; read and changed through the statement memo when there is
    one."""

    def __init__(
        self,
        function: ir.Function,
        env: Mapping[str, object],
        module_names: frozenset[str],
        program_functions: Mapping[str, ir.Function],
        report: Callable[[Diagnostic], None],
        memo: StatementChecks | None = None,
    ) -> None:
        self.function = function
        self.env = env
        self.module_names = module_names
        self.program_functions = program_functions
        self._report = report
        self.memo = memo
        self.facts = FunctionFacts()
        self._block_types: list[dict[str, ValueType]] = []  # names bound in each open body, innermost last
        self.emitted: list[tuple[Diagnostic, bool]] = []  # every report so far, as `emit` took it
        # Bound before the body: every name bound in it has a type (`define`), so `defined` is this and the
        # typed names, and a replay writes the types only.
        self.bound_before: frozenset[str] = (
            frozenset(p.name for p in function.params) | {"self", "pl", "pld"} | function.closure
        )
        for param in function.params:
            self.facts.types[param.name] = param.type
        if memo is not None:
            # Every read of the walk's state goes through `memo.read`, every change through `memo.write`.
            memo.next_version(
                {
                    "type": lambda name: self.facts.types.get(name, _ABSENT),
                    "defined": self._is_bound,
                    "block": self._block_type,
                    "near": self._close_names,
                },
                {
                    "define": self.define,
                    "block": self.rebind,
                    "call": lambda key, value: self._fact(self.facts.calls, "call", key, value),
                    "scope": lambda key, value: self._fact(self.facts.scopes, "scope", key, value),
                    "region": lambda key, value: self._fact(self.facts.regions, "region", key, value),
                    "report": lambda _, entry: self.emit(*entry),
                },
                {
                    "define": self.facts.types.update,  # the names it binds are the typed ones
                    "call": self.facts.calls.update,
                    "scope": self.facts.scopes.update,
                    "region": self.facts.regions.update,
                },
            )

    # ------------------------------------------------------------ reads
    def type_of(self, name: str) -> ValueType | None:
        """The type a name has at this point, if any."""
        memo = self.memo
        found = memo.read("type", name) if memo is not None else self.facts.types.get(name, _ABSENT)
        return None if found is _ABSENT else found  # type: ignore[return-value]

    def unbound(self, name: str) -> bool:
        """A name bound nowhere: not a DSL variable, a closure or module name, nor a builtin."""
        return self.type_of(name) is None and self.unbound_untyped(name)

    def unbound_untyped(self, name: str) -> bool:
        """`unbound` for a name whose `type_of` the caller just found None (not read again)."""
        return (
            not self.is_defined(name)
            and name not in self.env
            and name not in self.module_names
            and name not in _BUILTINS
        )

    def is_defined(self, name: str) -> bool:
        """The name is bound at this point (a parameter, a closure name, an assignment so far)."""
        memo = self.memo
        return bool(memo.read("defined", name)) if memo is not None else self._is_bound(name)

    def _is_bound(self, name: str) -> bool:
        return name in self.bound_before or name in self.facts.types

    def bound_in_body(self, name: str) -> ValueType | None:
        """The type the innermost open body bound `name` to so far, if it did."""
        depth = len(self._block_types)
        memo = self.memo
        key = (depth, name)
        previous = memo.read("block", key, scope=depth) if memo is not None else self._block_type(key)
        return None if previous is _ABSENT else previous  # type: ignore[return-value]

    def near_names(self, word: str) -> tuple[str, ...]:
        """The name a did-you-mean suggests for `word` (at most one): the closest of the defined, typed,
        module constant and module names, as difflib ranks them."""
        memo = self.memo
        return memo.read("near", word) if memo is not None else self._close_names(word)

    def _block_type(self, key: tuple[int, str]) -> object:
        depth, name = key
        if not 0 < depth <= len(self._block_types):
            return _ABSENT
        return self._block_types[depth - 1].get(name, _ABSENT)

    def _close_names(self, word: str) -> tuple[str, ...]:
        return close_names(word, (self.bound_before, self.facts.types, self.env, self.module_names))

    # ------------------------------------------------------------ bodies
    @property
    def depth(self) -> int:
        """How many bodies are open (the memo's scope of a statement's own bindings)."""
        return len(self._block_types)

    def open_body(self) -> None:
        """Start a statement list: its rebindings are its own."""
        self._block_types.append({})

    def close_body(self) -> None:
        """End the innermost statement list."""
        self._block_types.pop()

    def copy(self) -> StateCopy:
        """The state as it stands (copies: the walk goes on changing it)."""
        facts = self.facts
        return StateCopy(
            dict(facts.types),
            dict(facts.calls),
            dict(facts.scopes),
            dict(facts.regions),
            dict(self._block_types[-1]) if self._block_types else {},
            tuple(self.emitted),
            facts.bad,
        )

    def take(self, before: StateCopy, after: StateCopy) -> None:
        """Go from the state `before` (the one now) to `after`: what the statements between them did,
        their reports given again."""
        facts = self.facts
        facts.types.update(after.types)
        facts.calls.update(after.calls)
        facts.scopes.update(after.scopes)
        facts.regions.update(after.regions)
        if self._block_types:
            self._block_types[-1].update(after.block)
        for diag, bad in after.emitted[len(before.emitted) :]:
            self.emit(diag, bad)

    # ------------------------------------------------------------ changes
    def define(self, name: str, value_type: ValueType) -> None:
        """Bind a name with its type."""
        self.facts.types[name] = value_type
        if self.memo is not None:
            self.memo.write("define", name, value_type, shadows=self.memo.shadows.define(name))

    def rebind(self, key: tuple[int, str], value_type: ValueType) -> None:
        """Record a name's type in the open body at `key[0]` (a replay writes only its own body's)."""
        depth, name = key
        if depth != len(self._block_types):
            return
        self._block_types[-1][name] = value_type
        if self.memo is not None:
            self.memo.write("block", key, value_type, scope=depth, shadows=self.memo.shadows.rebind(key))

    def record_call(self, span: Span, resolution: Resolution) -> None:
        """Record a call's resolution for the passes."""
        self._fact(self.facts.calls, "call", span, resolution)

    def record_scope(self, span: Span, info: ScopeInfo) -> None:
        """Record an InCore scope for the passes."""
        self._fact(self.facts.scopes, "scope", span, info)

    def record_region(self, span: Span, mode: str) -> None:
        """Record a pl.split_aiv region and its mode for the passes."""
        self._fact(self.facts.regions, "region", span, mode)

    def _fact(self, facts: dict[Any, Any], kind: str, key: object, value: object) -> None:
        facts[key] = value
        if self.memo is not None:
            self.memo.write(kind, key, value)

    # ------------------------------------------------------------ reports
    def emit(self, diag: Diagnostic, bad: bool = False) -> None:
        """Report a diagnostic; an error marks the function bad for later passes."""
        if bad:
            self.facts.bad = True
        self._report(diag)
        self.emitted.append((diag, bad))
        if self.memo is not None:
            self.memo.write("report", None, (diag, bad))

    def error(
        self,
        code: str,
        span: Span,
        *,
        related: tuple[Related, ...] = (),
        fixes: tuple[Fix, ...] = (),
        **fields: Any,
    ) -> None:
        """Report a parse-stage error (the catalog rule ``code`` with its fields); the function is then
        skipped by later passes."""
        self.emit(diagnostic(code, span, related=related, fixes=fixes, stage="parse", **fields), bad=True)

    def warning(self, code: str, span: Span, *, fixes: tuple[Fix, ...] = (), **fields: Any) -> None:
        """Report a parse-stage warning (the catalog rule ``code`` with its fields)."""
        self.emit(diagnostic(code, span, fixes=fixes, stage="parse", **fields))

    def report_problem(self, problem: Problem, span: Span) -> None:
        """Report a problem (an op's wrapped error, a deducer's own rule) at the call."""
        fields: dict[str, Any] = dict(problem.fields)
        self.error(problem.code, span, **fields)
