"""OutlineIncoreScopes (+ the kernel-finding half of OutlineClusterScopes).

Every `with pl.at(level=CORE_GROUP)`, loop-form `pl.spmd`, inline `with pl.spmd` body and bare
`pl.split_aiv` region of an Opaque / Orchestration function becomes a kernel; InCore, AIC and AIV
functions are kernels as written. Compute tensor ops left in orchestration code are reported with the
orchestration verifier's warning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from compiler import ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.fixes import WrapPlAt
from compiler.frontend.checks.facts import FunctionFacts, ScopeInfo
from compiler.frontend.consts import UNKNOWN_VALUE, fold
from compiler.incremental import LastingMemo, Recorded, nested_fold
from compiler.ir_walk import calls_in_block, child_blocks, stmt_exprs, stored_names, walk_expr, walk_stmts
from compiler.passes.deferred_wait_contract import WaiterContract, run_time_names
from compiler.passes.model import Kernel, Launch
from compiler.source import Span

_NON_COMPUTE_TENSOR_OPS = frozenset(
    {"tensor.create", "tensor.slice", "tensor.view", "tensor.reshape", "tensor.assemble", "tensor.dim", "tensor.read",
     "tensor.write", "tensor.reinterpret_view", "tensor.set_validshape", "tensor.full"}
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class OutlinedKernel:
    """A kernel found in the source, with its surface body (lowered by ConvertTensorToTileOps)."""

    kernel: Kernel
    body: tuple[ir.Stmt, ...]
    function: ir.Function
    lane_vars: tuple[tuple[str, str], ...] = ()  # (name, "block_idx") bound by the construct


@dataclass(frozen=True, slots=True)
class GroupInfo:
    """A hand-written Group function and the kernels it calls."""

    name: str
    members: tuple[str, ...]
    span: Span


def _kernel_name(function: ir.Function, hint: str | None, index: int) -> str:
    base = hint or f"{function.name}_incore_{index}"
    if function.decorator.startswith("jit") and hint:
        return f"{function.name}_{hint}"
    return base


OutlineMemo = dict[int, tuple[object, object, list["OutlinedKernel"], dict[str, Launch], list[Diagnostic]]]


@dataclass(slots=True)
class OutlineSteps:
    """The outlining of each statement of the document's functions (top-level and compound ones), one
    version deep: a statement is outlined again only when it is a new object or a fact it read changed."""

    functions: dict[tuple[str | None, str], tuple[object, Recorded]] = field(default_factory=dict)
    shapes: LastingMemo = field(default_factory=LastingMemo)  # per statement: its no_dep_args scopes
    queries: LastingMemo = field(default_factory=LastingMemo)  # per statement: its device-query bindings

    def for_function(self, function: ir.Function) -> Recorded:
        """The memo of one function, new when its header (which every step reads) changed."""
        header = (function.name, function.decorator, function.func_type, function.params, function.attrs)
        place = (function.program, function.name)
        known = self.functions.get(place)
        if known is None or known[0] != header:
            known = (header, Recorded())
            self.functions[place] = known
        return known[1]

    def sweep(self, places: set[tuple[str | None, str]]) -> None:
        """Forget the functions the document no longer has."""
        for place in [p for p in self.functions if p not in places]:
            del self.functions[place]


def outline(
    module: ir.Module,
    facts: dict[str, FunctionFacts],
    env: dict[str, object],
    report: Callable[[Diagnostic], None],
    memo: OutlineMemo | None = None,
    steps: OutlineSteps | None = None,
) -> tuple[list[OutlinedKernel], list[GroupInfo]]:
    """Find every kernel of the module (see module docstring). `memo` keeps each function's outlined
    scopes while the function, its facts and the constants are the same objects; `steps` (valid for one
    set of constants) each top-level statement's, while what it read of the facts is the same."""
    memo = memo if memo is not None else {}
    if steps is not None:
        steps.shapes.next_version()
        steps.queries.next_version()
        steps.sweep({(f.program, f.name) for f in module.all_functions()})
    live: set[int] = set()
    kernels: list[OutlinedKernel] = []
    groups: list[GroupInfo] = []
    launches: dict[str, Launch] = {}
    for function in module.all_functions():
        fn_facts = facts.get(_key(function))
        if fn_facts is None:
            continue
        if function.func_type in ("InCore", "AIC", "AIV"):
            _audit_waiter(function, report, fn_facts, env)
            kind = function.decorator if function.decorator.startswith("jit") else function.func_type
            kernels.append(
                OutlinedKernel(
                    Kernel(
                        name=function.name,
                        source_kind=kind,
                        func_type=function.func_type,
                        function=function.name,
                        span=function.span,
                        header=function.header,
                        outlined=False,
                        # The outliner stamps split_aiv=True on what it lifts; a user stamp escapes check (h) too.
                        hand_incore=function.func_type == "InCore" and function.attr("split_aiv") is not True,
                        attrs=function.attrs,
                        split=_attr_split(function),
                        statement_lines=function.decorator.startswith("jit"),
                    ),
                    function.body,
                    function,
                )
            )
            continue
        if function.func_type == "Group":
            members = tuple(c.func[5:] for c in calls_in_block(function.body) if c.func.startswith("self."))
            groups.append(GroupInfo(function.name, members, function.header))
            continue
        if function.func_type in ("Inline", "Host"):
            continue
        live.add(id(function))
        cached = memo.get(id(function))
        if cached is None or cached[0] is not function or cached[1] is not fn_facts:
            found: list[OutlinedKernel] = []
            found_launches: dict[str, Launch] = {}
            found_diagnostics: list[Diagnostic] = []
            recorded = steps.for_function(function) if steps is not None else None
            outliner = _Outliner(
                function,
                fn_facts,
                env,
                found,
                found_launches,
                found_diagnostics.append,
                recorded,
                steps.queries if steps is not None else None,
            )
            outliner.top_level(function.body)
            outliner.memo = None  # its sources hold our bound method: no cycle left for the collector
            waits = any(r.dsl_name == _DEFER_WAIT for r in fn_facts.calls.values())
            shapes = steps.shapes if steps is not None else LastingMemo()
            if not fn_facts.bad and (
                waits or any(nested_fold(shapes, st, _no_dep_args_scope) for st in function.body)
            ):
                bound = stored_names(function.body) | {p.name for p in function.params}
                contract = WaiterContract(
                    fn_facts.calls, fn_facts.types, env, run_time_names(function, fn_facts.calls)
                )
                _check_task_scopes(
                    function.body,
                    found_diagnostics.append,
                    env,
                    under_launch=False,
                    bound=bound,
                    scope=_TaskScopes(function, contract),
                )
            cached = (function, fn_facts, found, found_launches, found_diagnostics)
            memo[id(function)] = cached
        kernels.extend(cached[2])
        for name, found_launch in cached[3].items():
            launches.setdefault(name, found_launch)
        for diagnostic_ in cached[4]:
            report(diagnostic_)
    for stale in [k for k in memo if k not in live]:
        del memo[stale]
    for program in module.programs:
        _check_waiter_call_sites(program, report)
    for i, item in enumerate(kernels):
        launch = launches.get(item.kernel.name)
        if launch is not None and item.kernel.launch is None:
            kernels[i] = replace(item, kernel=replace(item.kernel, launch=launch))
    return kernels, groups


_DEVICE_QUERIES = frozenset({"available_cluster_count", "available_aiv_count"})
_DEFER_WAIT = "pld.system.defer_wait"


def _no_dep_args_scope(stmt: ir.Stmt) -> tuple[bool, ...]:
    """(True,) for a `pl.at(..., no_dep_args=...)` scope (its nested statements not looked at)."""
    found = isinstance(stmt, ir.With) and stmt.kind == "at" and stmt.call.kwarg("no_dep_args") is not None
    return (True,) if found else ()


@dataclass(frozen=True, slots=True)
class _Outlined:
    """What outlining one statement gave, from a kernel counter."""

    kernels: tuple[OutlinedKernel, ...]
    launches: tuple[tuple[str, Launch], ...]
    diagnostics: tuple[Diagnostic, ...]
    count: int  # the counter after


def _query_binding(stmt: ir.Stmt) -> tuple[tuple[str, str], ...]:
    """The names `n = pl.system.available_cluster_count()` binds (its nested statements not looked at)."""
    if isinstance(stmt, ir.Assign) and isinstance(stmt.value, ir.Call):
        query = stmt.value.func.rsplit(".", 1)[-1]
        if query in _DEVICE_QUERIES:
            return tuple((t.id, query) for t in stmt.targets if isinstance(t, ir.Name))
    return ()


def _waits(body: tuple[ir.Stmt, ...]) -> bool:
    return any(c.func == _DEFER_WAIT for c in calls_in_block(body))


def _is_waiter(function: ir.Function) -> bool:
    """A hand-written function that waits and is marked a deferred waiter: it passes ExpandMixedKernel's audit."""
    return (
        function.func_type in ("InCore", "AIV")
        and function.attr("deferred_completion_waiter") is True
        and function.attr("core_num") is None
        and function.attr("sync_start") is not True
        and _waits(function.body)
    )


def _audit_waiter(
    function: ir.Function, report: Callable[[Diagnostic], None], facts: FunctionFacts, env: dict[str, object]
) -> None:
    """E4 / E5 / E5b: ExpandMixedKernel's audit of a hand-written kernel that waits. It checks the attribute
    (`pl.func_attr({"deferred_completion_waiter": True})`), not how the function was written; then the kind
    and the launch shape of a marked waiter, and its body against the waiter contract."""
    if not _waits(function.body):
        return
    header = function.header.with_def_keyword()
    if function.attr("deferred_completion_waiter") is not True:
        report(diagnostic("PTO-E4", header, stage="ExpandMixedKernel", function=function.name))
    elif function.func_type not in ("InCore", "AIV"):
        report(diagnostic("PTO-E5", header, stage="ExpandMixedKernel", function=function.name))
    elif function.attr("core_num") is not None or function.attr("sync_start") is True:
        report(diagnostic("PTO-E5b", header, stage="ExpandMixedKernel", function=function.name))
    else:
        contract = WaiterContract(facts.calls, facts.types, env, run_time_names(function, facts.calls))
        fault = contract.check(function.body, header)
        if fault is not None:
            report(replace(fault, stage="ExpandMixedKernel"))


def _waiter_call_fault(call: ir.Call) -> str | None:
    """The first call-site attribute a waiter task cannot take (DeferredWaiterCallSiteValidator's order)."""
    attrs = call.kwarg("attrs")
    if not (isinstance(attrs, ir.Opaque) and attrs.kind == "Dict"):
        return None
    given = dict(attrs.entries)

    def true(key: str) -> bool:
        value = given.get(key)
        return isinstance(value, ir.Const) and value.value is True

    if true("allow_early_resolve"):
        return "PTO-E3"
    if "predicate" in given:
        return "PTO-E3b"
    if "core_num" in given or true("sync_start"):
        return "PTO-E3c"
    return None


def _check_waiter_call_sites(program: ir.Program, report: Callable[[Diagnostic], None]) -> None:
    """E2 / E3 / E3b / E3c / E5c: a marked waiter is called from Orchestration code only, as a plain single-block
    task (no early resolve, predicate, core_num or sync_start in the call's `attrs=`), and called at least once
    (a printable attribute alone is no deferred-completion contract)."""
    waiters = {f.name for f in program.functions if _is_waiter(f)}
    if not waiters:
        return
    called: set[str] = set()
    for caller in program.functions:
        for call in calls_in_block(caller.body):
            name = call.func[5:] if call.func.startswith("self.") else None
            if name not in waiters:
                continue
            code = "PTO-E2" if caller.func_type != "Orchestration" else _waiter_call_fault(call)
            if code is not None:
                report(diagnostic(code, call.span, stage="ExpandMixedKernel", group=name))
            called.add(name)
    for name in sorted(waiters - called):
        report(diagnostic("PTO-E5c", program.span, stage="ExpandMixedKernel", function=name))


@dataclass(slots=True)
class _TaskScopes:
    """The function whose task scopes are checked, its waiter contract, and whether PTO-E4 was reported."""

    function: ir.Function
    contract: WaiterContract
    bypassed: bool = False

    def hierarchy_outlined(self) -> bool:
        """OutlineHierarchyScopes lifts a pl.at of another level only out of an Opaque program function (a
        @pl.jit entry is specialised into an orchestration function, where the scope stays in place)."""
        return self.function.func_type == "Opaque" and not self.function.decorator.startswith("jit")

    def bypass(self, report: Callable[[Diagnostic], None]) -> None:
        """PTO-E4 (once): a defer_wait that no outliner lifts stays in the function itself."""
        if not self.bypassed:
            self.bypassed = True
            header = self.function.header.with_def_keyword()
            report(diagnostic("PTO-E4", header, stage="ExpandMixedKernel", function=self.function.name))


def _direct_waits(body: tuple[ir.Stmt, ...]) -> bool:
    """A defer_wait of the body outside its nested pl.at scopes (those are waiters of their own)."""
    for stmt in body:
        if isinstance(stmt, ir.With) and stmt.kind == "at":
            continue
        if isinstance(stmt, ir.ExprStmt | ir.Assign) and any(
            c.func == _DEFER_WAIT for c in calls_in_block((stmt,))
        ):
            return True
        if any(_direct_waits(nested) for nested in child_blocks(stmt)):
            return True
    return False


def _check_task_scopes(
    body: tuple[ir.Stmt, ...],
    report: Callable[[Diagnostic], None],
    env: dict[str, object],
    under_launch: bool,
    bound: set[str],
    scope: _TaskScopes,
) -> None:
    """Where a deferred waiter may sit and what it may hold: the waiter contract (PTO-OI7 .. OI12b) on every
    scope an outliner lifts, then OI-2 / OI-3 / OI-5 / E-4; OI-6: no_dep_args names what the scope uses."""
    for stmt in body:
        if isinstance(stmt, ir.With) and stmt.kind == "at":
            _check_no_dep_args(stmt, report, bound)
            if _waits(stmt.body):
                level = stmt.call.kwarg("level") or (stmt.call.args[0] if stmt.call.args else None)
                early = stmt.call.kwarg("allow_early_resolve")
                core_group = isinstance(level, ir.Attribute) and level.dotted.endswith(".CORE_GROUP")
                if core_group or scope.hierarchy_outlined():
                    fault = scope.contract.check(stmt.body, stmt.header)
                    if fault is not None:
                        report(fault)
                        continue
                if not core_group and scope.hierarchy_outlined():
                    report(diagnostic("PTO-OI2", stmt.header, stage="OutlineIncoreScopes"))
                elif not core_group:
                    # Not lifted here: a CORE_GROUP scope inside is nested, a defer_wait outside one stays put.
                    if _direct_waits(stmt.body):
                        scope.bypass(report)
                    else:
                        _check_task_scopes(stmt.body, report, env, True, bound, scope)
                elif under_launch:
                    report(diagnostic("PTO-OI3", stmt.header, stage="OutlineIncoreScopes"))
                elif early is not None and fold(early, env) is True:
                    report(diagnostic("PTO-OI5", stmt.header, stage="OutlineIncoreScopes"))
                continue
        # pl.spmd and pl.cluster launch their body as one task; a waiter inside is not task-level.
        launch = isinstance(stmt, ir.With | ir.For) and stmt.kind in ("spmd", "cluster")
        if (
            isinstance(stmt, ir.With | ir.For)
            and launch
            and _waits(stmt.body)
            and not any(isinstance(s, ir.With) and s.kind == "at" for s in walk_stmts(stmt.body))
        ):
            _check_launched_waiter(stmt, report, scope)
            continue
        for nested in child_blocks(stmt):
            _check_task_scopes(nested, report, env, under_launch or launch, bound, scope)


def _check_launched_waiter(
    stmt: ir.With | ir.For, report: Callable[[Diagnostic], None], scope: _TaskScopes
) -> None:
    """A defer_wait directly in a pl.cluster / pl.spmd body: the outliner validates the launched body as a
    waiter, whose kind is no InCore task (PTO-OI2). The loop form binds its block index with
    tile.get_block_idx, which the contract rejects first."""
    if isinstance(stmt, ir.For) and stmt.kind == "spmd":
        report(diagnostic("PTO-OI8b", stmt.header, stage="OutlineIncoreScopes", op="tile.get_block_idx"))
        return
    fault = scope.contract.check(stmt.body, stmt.header)
    if fault is not None:
        report(fault)
    elif stmt.kind == "cluster":
        report(diagnostic("PTO-OI2", stmt.header, stage="OutlineIncoreScopes"))
    else:
        report(diagnostic("PTO-OI3", stmt.header, stage="OutlineIncoreScopes"))


def _check_no_dep_args(stmt: ir.With, report: Callable[[Diagnostic], None], bound: set[str]) -> None:
    """OI-6: every `no_dep_args=[t]` entry is a tensor the scope body reads or writes (a name the function
    never binds is the parser's error, PTO-F102b)."""
    entries = stmt.call.kwarg("no_dep_args")
    if not isinstance(entries, ir.ListExpr):
        return
    used = {
        e.id
        for s in walk_stmts(stmt.body)
        for x in stmt_exprs(s)
        for e in walk_expr(x)
        if isinstance(e, ir.Name)
    }
    for entry in entries.elts:
        if isinstance(entry, ir.Name) and entry.id not in used and entry.id in bound:
            report(diagnostic("PTO-OI6", entry.span, stage="OutlineIncoreScopes", tensor=entry.id))


def _key(function: ir.Function) -> str:
    return f"{function.program or ''}.{function.name}"


def _attr_split(function: ir.Function) -> str | None:
    value = function.attr("split")
    member = getattr(value, "member", None)
    return member if isinstance(member, str) and member != "NONE" else None


class _Outliner:
    def __init__(
        self,
        function: ir.Function,
        facts: FunctionFacts,
        env: dict[str, object],
        kernels: list[OutlinedKernel],
        launches: dict[str, Launch],
        report: Callable[[Diagnostic], None],
        memo: Recorded | None = None,
        queries: LastingMemo | None = None,
    ) -> None:
        self.function = function
        self._query_memo = queries if queries is not None else LastingMemo()
        self.facts = facts
        self.env = env
        self.kernels = kernels
        self.launches = launches
        self.report = report
        self.count = 0
        self._queries: dict[str, str] | None = None  # name -> the device query it is bound to
        self.memo = memo
        if memo is not None:
            memo.next_version({"scope": facts.scopes.get, "call": facts.calls.get, "query": self._query_of})

    def top_level(self, stmts: tuple[ir.Stmt, ...]) -> None:
        """Outline the function body, reusing each statement's outlining while what it read holds."""
        if self.memo is None:
            self.block(stmts, None)
            return
        for stmt in stmts:
            self._recorded(stmt, None)

    def _recorded(self, stmt: ir.Stmt, group: str | None) -> None:
        """Outline one statement through the memo (a compound one nested in another too: an edit inside
        a long loop then outlines again only the statements around it)."""
        memo = self.memo
        assert memo is not None
        context = (self.count, group)
        step = memo.reuse(stmt, context)
        found: _Outlined | None = step.result if step is not None else None  # type: ignore[assignment]
        if found is None:
            marks = len(self.kernels)
            launches: list[tuple[str, Launch]] = []
            diagnostics: list[Diagnostic] = []
            report, self.report = self.report, diagnostics.append
            launches_before, self.launches = self.launches, _Journal(launches)  # type: ignore[assignment]
            memo.begin()
            try:
                self.stmt(stmt, group)
            except BaseException:
                memo.abandon()
                raise
            finally:
                self.report, self.launches = report, launches_before
            found = _Outlined(tuple(self.kernels[marks:]), tuple(launches), tuple(diagnostics), self.count)
            memo.end(stmt, context, found)
            del self.kernels[marks:]
        function = self.function
        self.kernels.extend(
            k if k.function is function else replace(k, function=function) for k in found.kernels
        )
        for name, launch in found.launches:
            self.launches.setdefault(name, launch)
        for diag in found.diagnostics:
            self.report(diag)
        self.count = found.count

    def _scope(self, span: Span) -> ScopeInfo | None:
        return self.memo.read("scope", span) if self.memo is not None else self.facts.scopes.get(span)

    def _resolution(self, span: Span) -> object:
        return self.memo.read("call", span) if self.memo is not None else self.facts.calls.get(span)

    def add(
        self,
        stmt: ir.Stmt,
        body: tuple[ir.Stmt, ...],
        info: ScopeInfo | None,
        kind: str,
        group: str | None,
        lane_vars: tuple[tuple[str, str], ...] = (),
        launch: Launch | None = None,
    ) -> None:
        name = _kernel_name(self.function, info.name_hint if info else None, self.count)
        self.count += 1
        header = getattr(stmt, "header", stmt.span)
        split = info.split if info and info.split and info.split != "NONE" else None
        self.kernels.append(
            OutlinedKernel(
                Kernel(
                    name=name,
                    source_kind=kind,
                    func_type="InCore",
                    function=self.function.name,
                    span=stmt.span,
                    header=header,
                    split=split,
                    slot_num=info.slot_num if info else None,
                    local_slot_num=info.local_slot_num if info else None,
                    group=group,
                    launch=launch,
                    statement_lines=self.function.decorator.startswith("jit"),
                ),
                body,
                self.function,
                lane_vars,
            )
        )

    def block(self, stmts: tuple[ir.Stmt, ...], group: str | None) -> None:
        memo = self.memo
        for stmt in stmts:
            if memo is not None and child_blocks(stmt):
                self._recorded(stmt, group)
            else:
                self.stmt(stmt, group)

    def stmt(self, stmt: ir.Stmt, group: str | None) -> None:
        if isinstance(stmt, ir.With):
            scope = self._scope(stmt.span) if stmt.kind in ("at", "spmd") else None
            if stmt.kind == "at" and scope is not None:
                self.add(stmt, stmt.body, scope, "pl.at", group)
                return
            if stmt.kind == "cluster":
                self.block(stmt.body, f"{self.function.name}_group_{self.count}")
                return
            if stmt.kind == "spmd":
                launch = self._launch(stmt.call, stmt.header)
                if scope is not None:
                    self.add(stmt, stmt.body, scope, "pl.spmd", group, launch=launch)
                    return
                for call in calls_in_block(stmt.body):
                    if call.func.startswith("self."):
                        self.launches.setdefault(call.func[5:], launch)
                self.block(stmt.body, group)
                return
            self.block(stmt.body, group)
            return
        if isinstance(stmt, ir.For):
            scope = self._scope(stmt.span) if stmt.kind == "spmd" else None
            if scope is not None:
                var = stmt.target.id if isinstance(stmt.target, ir.Name) else None
                lane_vars = ((var, "block_idx"),) if var else ()
                self.add(stmt, stmt.body, scope, "pl.spmd", group, lane_vars,
                         self._launch(stmt.iter, stmt.header))  # fmt: skip
                return
            if stmt.kind == "split_aiv":
                # A bare region outside any core context: the parser wraps it in its own InCore scope.
                self.add(stmt, (stmt,), None, "split_aiv", group)
                return
            self.orchestration(stmt)
            self.block(stmt.body, group)
            return
        if isinstance(stmt, ir.If):
            self.orchestration(stmt)
            self.block(stmt.body, group)
            self.block(stmt.orelse, group)
            return
        if isinstance(stmt, ir.While):
            self.orchestration(stmt)
            self.block(stmt.body, group)
            return
        self.orchestration(stmt)

    def _launch(self, call: ir.Call, span: Span) -> Launch:
        width: object = None
        arg = call.args[0] if call.args else call.kwarg("core_num")
        bound: str | None = None
        if isinstance(arg, ir.Call):
            width = arg.func.rsplit(".", 1)[-1]
        elif arg is not None:
            value = fold(arg, self.env)
            width = value if value is not UNKNOWN_VALUE else None
            if isinstance(arg, ir.Name) and width is None:
                bound = self.memo.read("query", arg.id) if self.memo is not None else self._query_of(arg.id)
        sync = call.kwarg("sync_start")
        return Launch(
            width,
            isinstance(sync, ir.Const) and sync.value is True,
            span,
            bound,
            arg.span if arg is not None else None,
        )

    def _query_of(self, name: str) -> str | None:
        """The device-size query (`available_cluster_count`) that `name` is bound to in this function."""
        if self._queries is None:  # once per function, from each top-level statement's bindings
            self._queries = {}
            for stmt in self.function.body:
                for bound, query in nested_fold(self._query_memo, stmt, _query_binding):
                    self._queries.setdefault(bound, query)
        return self._queries.get(name)

    def orchestration(self, stmt: ir.Stmt) -> None:
        """OI-V2: compute tensor ops in orchestration code (a warning; codegen later rejects them)."""
        for expr in stmt_exprs(stmt):
            for call in (e for e in walk_expr(expr) if isinstance(e, ir.Call)):
                resolution = self._resolution(call.span)
                name = getattr(resolution, "ir_name", None) if resolution else None
                if not name or not name.startswith("tensor.") or name in _NON_COMPUTE_TENSOR_OPS:
                    continue
                # Upstream points at the call, except in @pl.jit bodies, where it reports the statement.
                simple = isinstance(stmt, ir.Assign | ir.ExprStmt | ir.Return)
                at = stmt.span if simple and self.function.decorator.startswith("jit") else call.span
                self.report(diagnostic("PTO-F13", at, fixes=(WrapPlAt(stmt.span),), op=name))


class _Journal(dict):  # type: ignore[type-arg]
    """The launches a statement's outlining records, in order (`setdefault` is all the outliner does)."""

    def __init__(self, out: list[tuple[str, Launch]]) -> None:
        super().__init__()
        self.out = out

    def setdefault(self, key: str, default: Launch) -> Launch:  # type: ignore[override]
        """Record the launch (the function's own table keeps the first one)."""
        self.out.append((key, default))
        return default
