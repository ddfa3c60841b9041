"""Parser-level semantics: the checks upstream's ast_parser makes, plus op typing.

Walks each function once with a scope context, reporting every independent fault (upstream stops at
the first). Produces the types of named values and the resolution of every op call for the passes.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from compiler import ir
from compiler.diagnostics import Diagnostic, Fix, Related, Severity
from compiler.frontend.consts import UNKNOWN_VALUE, SourceText, attribute_value, enum_member_error, fold
from compiler.ops.resolve import Resolution, resolve_call
from compiler.source import Span
from compiler.types import UNKNOWN, ArgValue, EnumValue, ScalarType, TensorType, TileType, ValueType

H_SA = (
    "Use 'for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):' — n is the AIV sub-core count "
    "(hardware-fixed at 2); 'mode' is required (NONE = task-parallel, no halving; UP_DOWN / LEFT_RIGHT = "
    "data-parallel halving); and the loop variable binds the AIV lane index (equivalent to "
    "pl.tile.get_subblock_idx())."
)
LOOP_KINDS = ("range", "parallel", "unroll", "pipeline", "while_", "spmd", "split_aiv")
FOR_LOOP_MESSAGE = (
    "For loop must use pl.range(), pl.parallel(), pl.unroll(), pl.pipeline(), pl.while_(), pl.spmd(), "
    "or pl.split_aiv()"
)
SPLIT_MODES = {"NONE": 0, "UP_DOWN": 1, "LEFT_RIGHT": 2}
_SPLIT_AIV_LOOP_KWARGS = ("init_values", "chunk", "chunk_policy", "attrs", "step", "stage")
_FRONTEND_NAMES = frozenset(
    {
        "pl.const", "pl.yield_", "pl.dynamic", "pl.static_print", "pl.static_assert", "pl.func_attr",
        "pl.cond", "pl.no_dep", "pl.dump_tag",
    }
)  # fmt: skip
_BUILTINS = frozenset(dir(builtins))


@dataclass(frozen=True, slots=True)
class ScopeInfo:
    """What the passes need to know about a `with pl.at(CORE_GROUP)` / spmd InCore scope."""

    split: str | None  # NONE / UP_DOWN / LEFT_RIGHT from optimizations=[pl.split(...)]
    slot_num: int | None
    local_slot_num: int | None
    name_hint: str | None


@dataclass(slots=True)
class FunctionFacts:
    """Per-function results of the parse stage."""

    types: dict[str, ValueType] = field(default_factory=dict)
    calls: dict[Span, Resolution] = field(default_factory=dict)
    scopes: dict[Span, ScopeInfo] = field(default_factory=dict)
    regions: dict[Span, str] = field(default_factory=dict)  # region span -> mode
    bad: bool = False  # a parse error: later passes skip this function


@dataclass(slots=True)
class _Ctx:
    in_core: bool
    scope_split: str | None = None  # innermost InCore scope's pl.split mode ("" = none declared)
    scope_span: Span | None = None
    region_mode: str | None = None
    region_span: Span | None = None
    loops: list[str] = field(default_factory=list)

    def child(self, **changes: object) -> _Ctx:
        ctx = _Ctx(self.in_core, self.scope_split, self.scope_span, self.region_mode, self.region_span)
        ctx.loops = list(self.loops)
        for key, value in changes.items():
            setattr(ctx, key, value)
        return ctx


class FunctionChecker:
    """Runs the parser-level checks over one function."""

    def __init__(
        self,
        function: ir.Function,
        env: Mapping[str, object],
        module_names: frozenset[str],
        program_functions: Mapping[str, ir.Function],
        report: Callable[[Diagnostic], None],
    ) -> None:
        self.function = function
        self.env = env
        self.module_names = module_names
        self.program_functions = program_functions
        self._report = report
        self.facts = FunctionFacts()
        self.defined: set[str] = {p.name for p in function.params} | {"self", "pl", "pld"}
        for param in function.params:
            self.facts.types[param.name] = param.type

    # ------------------------------------------------------------ reporting
    def error(
        self,
        code: str,
        message: str,
        span: Span,
        hint: str | None = None,
        related: tuple[Related, ...] = (),
        fixes: tuple[Fix, ...] = (),
    ) -> None:
        """Report a parse-stage error; the function is then skipped by later passes."""
        self.facts.bad = True
        self._report(Diagnostic(code, Severity.ERROR, message, span, hint, related, fixes, "parse"))

    def warning(self, code: str, message: str, span: Span, fixes: tuple[Fix, ...] = ()) -> None:
        """Report a parse-stage warning."""
        self._report(Diagnostic(code, Severity.WARNING, message, span, None, (), fixes, "parse"))

    # ------------------------------------------------------------ entry
    def run(self) -> FunctionFacts:
        """Check the whole function body."""
        in_core = self.function.func_type in ("InCore", "AIC", "AIV")
        self.block(self.function.body, _Ctx(in_core=in_core, scope_split=None))
        return self.facts

    def block(self, stmts: tuple[ir.Stmt, ...], ctx: _Ctx) -> None:
        """Check a statement list in order."""
        for stmt in stmts:
            self.stmt(stmt, ctx)

    def stmt(self, stmt: ir.Stmt, ctx: _Ctx) -> None:
        """Check one statement."""
        if isinstance(stmt, ir.Assign):
            value_type = self.value(stmt.value, ctx)
            if stmt.annotation is not None:
                from compiler.frontend.parser import annotation_type  # local: avoid an import cycle

                del annotation_type
            for target in stmt.targets:
                self.bind(target, value_type, ctx)
        elif isinstance(stmt, ir.ExprStmt):
            self.value(stmt.value, ctx)
        elif isinstance(stmt, ir.Return):
            if stmt.value is not None:
                self.value(stmt.value, ctx)
        elif isinstance(stmt, ir.For):
            self.for_loop(stmt, ctx)
        elif isinstance(stmt, ir.While):
            self.value(stmt.test, ctx)
            self.block(stmt.body, ctx.child(loops=[*ctx.loops, "while"]))
        elif isinstance(stmt, ir.If):
            self.value(stmt.test, ctx)
            self.block(stmt.body, ctx)
            self.block(stmt.orelse, ctx)
        elif isinstance(stmt, ir.With):
            self.with_stmt(stmt, ctx)
        elif (
            isinstance(stmt, ir.Simple)
            and stmt.kind in ("break", "continue")
            and ctx.loops
            and ctx.loops[-1] == "split_aiv"
        ):
            self.error(
                "PTO-P11",
                f"'{stmt.kind}' not supported inside a 'for ... in pl.split_aiv(...)' body",
                stmt.span,
                f"'{stmt.kind}' can only be used in sequential (pl.range) or while loops; a pl.split_aiv "
                "body is a scope over the two AIV lanes, not a loop",
            )

    def bind(self, target: ir.Expr, value_type: ValueType, ctx: _Ctx) -> None:
        """Record the names an assignment defines."""
        if isinstance(target, ir.Name):
            self.defined.add(target.id)
            self.facts.types[target.id] = value_type
        elif isinstance(target, ir.TupleExpr | ir.ListExpr):
            for elt in target.elts:
                self.bind(elt, UNKNOWN, ctx)
        elif isinstance(target, ir.Subscript):
            self.value(target.value, ctx)
            self.value(target.index, ctx)

    # ------------------------------------------------------------ loops
    def for_loop(self, stmt: ir.For, ctx: _Ctx) -> None:
        """Check a for loop and its iterator kind."""
        call = stmt.iter
        if stmt.kind not in LOOP_KINDS or not call.func.startswith("pl."):
            self.error("PTO-F5", FOR_LOOP_MESSAGE, call.span)
            self._loop_body(stmt, ctx.child(loops=[*ctx.loops, "range"]))
            return
        for arg in call.args:
            self.value(arg, ctx)
        if stmt.kind == "split_aiv":
            self.split_aiv(stmt, ctx)
            return
        if stmt.kind == "spmd":
            self.scope_options(call, "pl.spmd", stmt.header)
            info = self._scope_info(call)
            self.facts.scopes[stmt.span] = info
            inner = ctx.child(in_core=True, scope_split=info.split or "", scope_span=stmt.span)
            self._loop_body(stmt, inner.child(loops=[*ctx.loops, "spmd"]))
            return
        self._loop_body(stmt, ctx.child(loops=[*ctx.loops, stmt.kind]))

    def _loop_body(self, stmt: ir.For, ctx: _Ctx) -> None:
        self.bind(stmt.target, ScalarType("INDEX"), ctx)
        self.block(stmt.body, ctx)

    def split_aiv(self, stmt: ir.For, ctx: _Ctx) -> None:
        """P-1 ... P-10: the `for aiv_id in pl.split_aiv(2, mode=...)` loop form."""
        call = stmt.iter
        ok = True
        if ctx.region_span is not None:
            self.error(
                "PTO-P1",
                "nested 'for ... in pl.split_aiv(...)' is not allowed: a split_aiv body already represents "
                "the two AIV lanes, so it cannot contain another split_aiv loop",
                stmt.header,
                H_SA,
                (Related(ctx.region_span.header(), "enclosing pl.split_aiv region"),),
            )
            ok = False
        if ctx.scope_split:
            self.error(
                "PTO-P2",
                f"scope combines a function-level pl.split(pl.SplitMode.{ctx.scope_split}) "
                "(optimizations=[pl.split(...)]) with a pl.split_aiv region; these are mutually exclusive "
                "AIV-split mechanisms — the function-level split would be silently dropped (the per-region "
                "split governs the lanes)",
                stmt.header,
                "Remove optimizations=[pl.split(...)] or the pl.split_aiv region. To pin a custom cross-core "
                "slot count, use optimizations=[pl.cross_core_slot(slot_num=N)], which is orthogonal to "
                "splitting. " + H_SA,
                (Related(ctx.scope_span.header(), "the scope that declares pl.split(...)"),)
                if ctx.scope_span
                else (),
            )
            ok = False
        if not isinstance(stmt.target, ir.Name):
            self.error(
                "PTO-P3",
                "for ... in pl.split_aiv(...) must use a single loop variable",
                stmt.target.span,
                H_SA,
            )
            ok = False
        mode: str | None = None
        for kw in call.keywords:
            if kw.name in _SPLIT_AIV_LOOP_KWARGS:
                self.error(
                    "PTO-P4", f"pl.split_aiv() loop form does not accept '{kw.name}='", kw.value.span, H_SA
                )
                ok = False
            elif kw.name == "optimizations":
                self.error(
                    "PTO-P5",
                    "pl.split_aiv() does not accept 'optimizations=' — pl.split_aiv() IS the split "
                    "declaration; a co-present pl.split(...) is a conflicting split spec",
                    kw.value.span,
                    H_SA,
                )
                ok = False
            elif kw.name == "mode":
                mode = self.enum_arg(kw.value, "SplitMode")
                if mode is None:
                    ok = False
            else:
                self.error(
                    "PTO-P9",
                    f"pl.split_aiv() got unexpected keyword argument '{kw.name}'",
                    kw.value.span,
                    H_SA,
                )
                ok = False
        if call.star_kwargs:
            self.error(
                "PTO-P8",
                "pl.split_aiv() does not accept **kwargs; pass n (positional) and mode= explicitly",
                call.span,
                H_SA,
            )
            ok = False
        if len(call.args) != 1:
            self.error(
                "PTO-P6",
                "pl.split_aiv() takes exactly one positional argument (n, the AIV sub-core count)",
                call.span,
                H_SA,
            )
            ok = False
        else:
            n = fold(call.args[0], self.env)
            if n != 2 or isinstance(n, bool):
                shown = n if n is not UNKNOWN_VALUE else _expr_text(call.args[0])
                self.error(
                    "PTO-P7",
                    f"pl.split_aiv(n) requires n == 2 (AIV sub-core count is hardware-fixed at 2), got {shown}",
                    call.args[0].span,
                    H_SA,
                )
                ok = False
        if call.kwarg("mode") is None:
            self.error(
                "PTO-P10",
                "pl.split_aiv() requires mode= (e.g. mode=pl.SplitMode.NONE for task-parallel, or "
                "pl.SplitMode.UP_DOWN / pl.SplitMode.LEFT_RIGHT for data-parallel halving)",
                call.span,
                H_SA,
            )
            ok = False
        region_mode = mode or "NONE"
        if ok:
            self.facts.regions[stmt.span] = region_mode
        inner = ctx.child(
            region_mode=region_mode, region_span=stmt.span, loops=[*ctx.loops, "split_aiv"], in_core=True
        )
        if isinstance(stmt.target, ir.Name):
            self.defined.add(stmt.target.id)
            self.facts.types[stmt.target.id] = ScalarType("INDEX")
        self.block(stmt.body, inner)

    # ------------------------------------------------------------ with
    def with_stmt(self, stmt: ir.With, ctx: _Ctx) -> None:
        """Check `with pl.at / pl.cluster / pl.spmd / ...`."""
        call = stmt.call
        for arg in call.args:
            self.value(arg, ctx)
        if stmt.kind == "at":
            level = self._level(call)
            if level == "CORE_GROUP":
                self.scope_options(call, "pl.at", stmt.header)
                info = self._scope_info(call)
                self.facts.scopes[stmt.span] = info
                inner = ctx.child(in_core=True, scope_split=info.split or "", scope_span=stmt.span)
                self.block(stmt.body, inner)
                return
            if call.kwarg("optimizations") is not None:
                self.error(
                    "PTO-O14",
                    "optimizations=[pl.split(...)] / optimizations=[pl.cross_core_slot(...)] are only supported "
                    "with level=pl.Level.CORE_GROUP",
                    stmt.header,
                    "Use pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]).",
                )
        elif stmt.kind == "spmd":
            self.scope_options(call, "pl.spmd", stmt.header)
            self.spmd_body(stmt)
            if stmt.target:
                self.defined.add(stmt.target)
            if _reads_block_idx(stmt.body):
                info = self._scope_info(call)
                self.facts.scopes[stmt.span] = info
                self.block(
                    stmt.body, ctx.child(in_core=True, scope_split=info.split or "", scope_span=stmt.span)
                )
                return
        if stmt.target:
            self.defined.add(stmt.target)
        self.block(stmt.body, ctx)

    def _level(self, call: ir.Call) -> str | None:
        expr = call.kwarg("level") or (call.args[0] if call.args else None)
        if expr is None:
            return None
        member = self.enum_arg(expr, "Level")
        return member

    def spmd_body(self, stmt: ir.With) -> None:
        """`with pl.spmd(n):` must read the block index or dispatch a kernel."""
        body = stmt.body
        if len(body) == 1 and isinstance(body[0], ir.With) and body[0].kind == "at":
            return
        if _reads_block_idx(body) or _dispatches(body):
            return
        self.error(
            "PTO-F11",
            "`with pl.spmd(...)` body neither reads the per-block index via `pl.tile.get_block_idx()` nor "
            "dispatches a `self.<kernel>(...)` call, so every block would run identical work.",
            stmt.header,
            "Add `i = pl.tile.get_block_idx()` inside the scope, dispatch a kernel that reads it, or use "
            "`for i in pl.spmd(n):` to bind the block index automatically.",
        )

    def _scope_info(self, call: ir.Call) -> ScopeInfo:
        split: str | None = None
        slot_num: int | None = None
        local: int | None = None
        opts = call.kwarg("optimizations")
        if isinstance(opts, ir.ListExpr):
            for entry in opts.elts:
                if not isinstance(entry, ir.Call):
                    continue
                name = entry.func.replace("pl.optimizations.", "pl.")
                if name == "pl.split" and entry.args:
                    value = fold(entry.args[0], self.env)
                    if isinstance(value, EnumValue):
                        split = value.member
                    sn = fold(entry.kwarg("slot_num"), self.env)
                    if isinstance(sn, int) and slot_num is None:
                        slot_num = sn
                elif name == "pl.cross_core_slot":
                    sn = fold(entry.kwarg("slot_num"), self.env)
                    slot_num = sn if isinstance(sn, int) else slot_num
                    lsn = fold(entry.kwarg("local_slot_num"), self.env)
                    local = lsn if isinstance(lsn, int) else local
        hint = call.kwarg("name_hint")
        return ScopeInfo(split, slot_num, local, hint.value if isinstance(hint, ir.Const) else None)  # type: ignore[arg-type]

    def scope_options(self, call: ir.Call, owner: str, header: Span) -> None:
        """O-1 ... O-12: `optimizations=[...]` entries."""
        seen_kw: set[str] = set()
        for kw in call.keywords:
            if kw.name in seen_kw and kw.name == "optimizations":
                self.error("PTO-O15", f"{owner}() got multiple values for argument 'optimizations'", kw.span)
            seen_kw.add(kw.name)
        opts = call.kwarg("optimizations")
        if opts is None:
            return
        if not isinstance(opts, ir.ListExpr):
            literal = _literal_text(opts, self.env)
            fixes = (Fix("inline_optimizations", opts.span, (("text", literal),)),) if literal else ()
            self.error(
                "PTO-O1",
                f"{owner}(optimizations=...) must be a list literal",
                opts.span,
                "Use optimizations=[pl.split(pl.SplitMode.NONE)].",
                (Related(header, "in this scope"),),
                fixes,
            )
            return
        split_entry: ir.Call | None = None
        split_has_slot = False
        slot_entry: ir.Call | None = None
        for entry in opts.elts:
            name = entry.func.replace("pl.optimizations.", "pl.") if isinstance(entry, ir.Call) else ""
            if not isinstance(entry, ir.Call) or name not in ("pl.split", "pl.cross_core_slot"):
                literal = _literal_text(entry, self.env)
                self.error(
                    "PTO-O5",
                    f"Unsupported entry in {owner}(optimizations=[...])",
                    entry.span,
                    "Each entry must be pl.split(pl.SplitMode.X) or pl.cross_core_slot(slot_num=N).",
                    (Related(header, "in this scope"),),
                    (Fix("inline_optimizations", entry.span, (("text", literal),)),) if literal else (),
                )
                continue
            if name == "pl.split":
                if split_entry is not None:
                    self.error("PTO-O2", "Duplicate 'pl.split(...)' in optimizations=[...]", entry.span)
                    continue
                split_entry = entry
                for kw in entry.keywords:
                    if kw.name != "slot_num":
                        self.error(
                            "PTO-O6",
                            f"Unknown keyword argument '{kw.name}' in pl.split()",
                            kw.span,
                            "pl.split() accepts only the deprecated slot_num= keyword.",
                        )
                slot = entry.kwarg("slot_num")
                if slot is not None:
                    split_has_slot = True
                    if self.slot_literal(
                        slot, "pl.split(slot_num=...)", "Use e.g. pl.cross_core_slot(slot_num=16).", header
                    ):
                        mode = _expr_text(entry.args[0]) if entry.args else "pl.SplitMode.NONE"
                        self.warning(
                            "PTO-O13",
                            "pl.split(slot_num=...) is deprecated: the cross-core slot count is orthogonal to the "
                            "split mode, and spelling it here forces a split mode you may not want (the "
                            "pl.split(pl.SplitMode.NONE, slot_num=N) idiom). Use "
                            "optimizations=[pl.cross_core_slot(slot_num=N)] instead, optionally alongside "
                            "pl.split(MODE).",
                            slot.span,
                            (
                                Fix(
                                    "rewrite_split_slot_num",
                                    entry.span,
                                    (("mode", mode), ("slot_num", _expr_text(slot))),
                                ),
                            ),
                        )
                    if slot_entry is not None:
                        self.error(
                            "PTO-O3",
                            "optimizations=[...] sets the cross-core slot count twice: via the deprecated "
                            "pl.split(slot_num=...) and via pl.cross_core_slot(...)",
                            entry.span,
                            "Keep only pl.cross_core_slot(slot_num=N).",
                        )
                if len(entry.args) != 1:
                    self.error(
                        "PTO-O7",
                        f"pl.split() takes exactly 1 positional argument, got {len(entry.args)}",
                        entry.span,
                        "Use pl.split(pl.SplitMode.NONE).",
                    )
                else:
                    self.enum_arg(entry.args[0], "SplitMode")
            else:
                if slot_entry is not None:
                    self.error(
                        "PTO-O4",
                        "Duplicate 'pl.cross_core_slot(...)' in optimizations=[...]",
                        entry.span,
                        related=(Related(header, "in this scope"),),
                    )
                    continue
                slot_entry = entry
                if entry.args:
                    self.error(
                        "PTO-O8",
                        f"pl.cross_core_slot() takes no positional arguments, got {len(entry.args)}",
                        entry.span,
                        "Use pl.cross_core_slot(slot_num=4).",
                    )
                for kw in entry.keywords:
                    if kw.name not in ("slot_num", "local_slot_num"):
                        self.error(
                            "PTO-O9",
                            f"Unknown keyword argument '{kw.name}' in pl.cross_core_slot()",
                            kw.span,
                            "Use pl.cross_core_slot(slot_num=4).",
                        )
                slot = entry.kwarg("slot_num")
                if slot is None:
                    self.error(
                        "PTO-O10",
                        "pl.cross_core_slot() requires the slot_num= keyword argument",
                        entry.span,
                        "Use pl.cross_core_slot(slot_num=4).",
                    )
                else:
                    ok = self.slot_literal(
                        slot,
                        "pl.cross_core_slot(slot_num=...)",
                        "Use pl.cross_core_slot(slot_num=4).",
                        header,
                    )
                    local = entry.kwarg("local_slot_num")
                    if (
                        ok
                        and local is not None
                        and self.slot_literal(
                            local,
                            "pl.cross_core_slot(local_slot_num=...)",
                            "Use pl.cross_core_slot(slot_num=4, local_slot_num=2).",
                            header,
                        )
                    ):
                        sn, lsn = fold(slot, self.env), fold(local, self.env)
                        if isinstance(sn, int) and isinstance(lsn, int) and lsn > sn:
                            self.error(
                                "PTO-SP6b",
                                f"pl.cross_core_slot(local_slot_num=...) must be <= slot_num ({sn}), got {lsn}",
                                local.span,
                                "Both counts are positive and local_slot_num <= slot_num.",
                            )
                if split_has_slot:
                    self.error(
                        "PTO-O3",
                        "optimizations=[...] sets the cross-core slot count twice: via the deprecated "
                        "pl.split(slot_num=...) and via pl.cross_core_slot(...)",
                        entry.span,
                        "Drop slot_num= from pl.split(...) and keep pl.cross_core_slot(slot_num=N).",
                    )

    def slot_literal(self, expr: ir.Expr, api: str, hint: str, header: Span) -> bool:
        """O-11 / O-12: a slot count must be a positive integer literal (module constants fold)."""
        value = fold(expr, self.env) if isinstance(expr, ir.Const | ir.Name) else UNKNOWN_VALUE
        if not isinstance(value, int) or isinstance(value, bool):
            self.error(
                "PTO-O11",
                f"{api} must be an integer literal",
                expr.span,
                hint,
                (Related(header, "in this scope"),),
            )
            return False
        if value <= 0:
            self.error(
                "PTO-O12",
                f"{api} must be positive, got {value}",
                expr.span,
                None,
                (Related(header, "in this scope"),),
            )
            return False
        return True

    def enum_arg(self, expr: ir.Expr, enum: str) -> str | None:
        """Evaluate `pl.<Enum>.<member>`; report bad members the way the parser does."""
        if isinstance(expr, ir.Attribute):
            bad = enum_member_error(expr.dotted)
            if bad is not None:
                if enum == "SplitMode":
                    self.error(
                        "PTO-P12", f"Unknown SplitMode value: {bad}", expr.span,
                        "Valid values: " + ", ".join(SPLIT_MODES),
                    )  # fmt: skip
                else:
                    self.error("PTO-F9", f"Failed to evaluate expression '{expr.dotted}': {bad}", expr.span)
                return None
            value = attribute_value(expr.dotted)
            if isinstance(value, EnumValue):
                return value.member
        value = fold(expr, self.env)
        if isinstance(value, EnumValue):
            return value.member
        if enum == "SplitMode":
            self.error("PTO-P12", "Expected pl.SplitMode.<name>", expr.span, "Use pl.SplitMode.<name>.")
        return None

    # ------------------------------------------------------------ expressions
    def value(self, expr: ir.Expr, ctx: _Ctx) -> ValueType:
        """Type an expression, checking every call and name inside it."""
        if isinstance(expr, ir.Call):
            return self.call(expr, ctx)
        if isinstance(expr, ir.Name):
            if expr.id in self.facts.types:
                return self.facts.types[expr.id]
            if (
                expr.id not in self.defined
                and expr.id not in self.env
                and expr.id not in self.module_names
                and expr.id not in _BUILTINS
            ):
                self.error(
                    "PTO-F6",
                    f"Undefined variable '{expr.id}'",
                    expr.span,
                    "Check if the variable is defined before using it or is available in the enclosing scope",
                )
            value = self.env.get(expr.id, UNKNOWN_VALUE)
            return ScalarType("INDEX") if isinstance(value, int | float) else UNKNOWN
        if isinstance(expr, ir.Attribute):
            bad = enum_member_error(expr.dotted)
            if bad is not None:
                self.error("PTO-F9", f"Failed to evaluate expression '{expr.dotted}': {bad}", expr.span)
            return UNKNOWN
        if isinstance(expr, ir.Const):
            return ScalarType("FP32" if isinstance(expr.value, float) else "INDEX")
        if isinstance(expr, ir.BinOp):
            left = self.value(expr.left, ctx)
            right = self.value(expr.right, ctx)
            if isinstance(left, TensorType | TileType) or isinstance(right, TensorType | TileType):
                return UNKNOWN
            return ScalarType("INDEX")
        if isinstance(expr, ir.UnaryOp):
            return self.value(expr.operand, ctx)
        if isinstance(expr, ir.Compare):
            self.value(expr.left, ctx)
            self.value(expr.right, ctx)
            return ScalarType("BOOL")
        if isinstance(expr, ir.BoolOp):
            for v in expr.values:
                self.value(v, ctx)
            return ScalarType("BOOL")
        if isinstance(expr, ir.TupleExpr | ir.ListExpr):
            for e in expr.elts:
                self.value(e, ctx)
            return UNKNOWN
        if isinstance(expr, ir.Subscript):
            base = self.value(expr.value, ctx)
            self.value(expr.index, ctx)
            return _subscript_type(base, expr.index, self.env)
        if isinstance(expr, ir.SliceExpr):
            for part in (expr.lower, expr.upper, expr.step):
                if part is not None:
                    self.value(part, ctx)
            return UNKNOWN
        if isinstance(expr, ir.Opaque):
            self.error(
                "PTO-F28",
                f"Unsupported expression type: {expr.kind}",
                expr.span,
                "Use supported expressions like variables, constants, operations, or function calls",
            )
        return UNKNOWN

    def arg_value(self, expr: ir.Expr, ctx: _Ctx) -> ArgValue:
        """What the op registry gets for one argument."""
        if isinstance(expr, ir.Const):
            return expr.value
        if isinstance(expr, ir.Attribute):
            self.value(expr, ctx)
            value = attribute_value(expr.dotted)
            return None if value is UNKNOWN_VALUE else value  # type: ignore[return-value]
        if isinstance(expr, ir.ListExpr | ir.TupleExpr):
            return tuple(self.arg_value(e, ctx) for e in expr.elts)
        if isinstance(expr, ir.Name) and expr.id not in self.facts.types:
            value = self.env.get(expr.id, UNKNOWN_VALUE)
            self.value(expr, ctx)
            if isinstance(value, (int | float | str | tuple, EnumValue)):
                return value  # type: ignore[return-value]
            return UNKNOWN
        folded = fold(expr, self.env) if isinstance(expr, ir.BinOp | ir.UnaryOp) else UNKNOWN_VALUE
        typed = self.value(expr, ctx)
        if isinstance(folded, int | float) and not isinstance(folded, bool):
            return folded
        return typed

    def call(self, call: ir.Call, ctx: _Ctx) -> ValueType:
        """Check and type one call."""
        func = call.func
        if func.startswith("self."):
            for arg in call.args:
                self.value(arg, ctx)
            for kw in call.keywords:
                self.value(kw.value, ctx)
            target = self.program_functions.get(func[5:])
            if target is None and self.program_functions:
                self.error(
                    "PTO-F35",
                    f"Function '{func[5:]}' not defined in program",
                    call.func_span,
                    f"Available functions: {list(self.program_functions)}",
                )
            return target.return_type or UNKNOWN if target is not None else UNKNOWN
        short = func.rsplit(".", 1)[-1]
        if func.startswith(("pl.", "pld.")) and short in ("aiv_shard", "aic_gather"):
            return self.split_transfer(call, ctx)
        if func in _FRONTEND_NAMES or not func.startswith(("pl.", "pld.")):
            for arg in call.args:
                self.value(arg, ctx)
            for kw in call.keywords:
                self.value(kw.value, ctx)
            if func == "pl.yield_" and call.args:
                return self.value(call.args[0], ctx)
            if func == "pl.const":
                return ScalarType()
            return UNKNOWN
        args = [self.arg_value(a, ctx) for a in call.args]
        kwargs = {kw.name: self.arg_value(kw.value, ctx) for kw in call.keywords}
        resolution = resolve_call(func, args, kwargs)
        self.facts.calls[call.span] = resolution
        if resolution.unknown:
            self.error(
                "PTO-F1",
                f"Unknown operation '{func}'",
                call.func_span,
                "Check spelling, or use pl.tensor.*/pl.tile.*/pl.system.* for explicit namespacing",
            )
            return UNKNOWN
        if resolution.error:
            self.error(_td_code(resolution.error), resolution.error, call.span)
            return UNKNOWN
        self.syncall_enums(call)
        return resolution.result

    def syncall_enums(self, call: ir.Call) -> None:
        """Spec 003: syncall / sync_set / sync_wait take pl.KernelType / pl.SyncAllMode enums, not strings."""
        short = call.func.rsplit(".", 1)[-1]
        if short not in ("syncall", "sync_set", "sync_wait"):
            return
        for name, enum in (("core_type", "KernelType"), ("mode", "SyncAllMode")):
            expr = call.kwarg(name)
            if isinstance(expr, ir.Const) and isinstance(expr.value, str):
                self.error(
                    "PTO-SP5",
                    f"pl.system.{short}() {name}= must be a pl.{enum} member, got the string {expr.value!r}",
                    expr.span,
                    f"Write {name}=pl.{enum}.<MEMBER>.",
                )
            elif short != "syncall" and name == "core_type" and isinstance(expr, ir.Attribute):
                value = attribute_value(expr.dotted)
                if isinstance(value, EnumValue) and value.member == "MIX":
                    self.error(
                        "PTO-SP5",
                        f"pl.system.{short}() core_type must be pl.KernelType.AIC or pl.KernelType.AIV, got "
                        "pl.KernelType.MIX",
                        expr.span,
                    )

    def split_transfer(self, call: ir.Call, ctx: _Ctx) -> ValueType:
        """X-1 ... X-11: `pl.aiv_shard(x)` / `pl.aic_gather(x)`."""
        op = call.func.rsplit(".", 1)[-1]
        hint = (
            f"Write 'x = pl.{op}(tile)' inside a 'for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):' "
            "loop; the split mode is taken from that scope."
        )
        operand_type: ValueType = UNKNOWN
        for arg in call.args:
            operand_type = self.value(arg, ctx)
        ok = True
        for kw in call.keywords:
            if kw.name == "mode":
                self.error(
                    "PTO-X1",
                    f"pl.{op}() does not take a mode= argument — pass the lowered integer 'split=' (outlined form) "
                    "or rely on the enclosing pl.split_aiv(mode=...) scope (high-level form)",
                    call.span,
                    hint,
                )
                ok = False
            elif kw.name not in ("split", "lane_stride"):
                self.error(
                    "PTO-X2", f"pl.{op}() does not accept keyword argument '{kw.name}'", call.span, hint
                )
                ok = False
        if not ok:
            return UNKNOWN
        if len(call.args) != 1:
            noun = "shard" if op == "aiv_shard" else "gather"
            self.error(
                "PTO-X3",
                f"pl.{op}() takes exactly one positional argument (the tile to {noun}), got {len(call.args)}",
                call.span,
                hint,
            )
            return UNKNOWN
        if isinstance(operand_type, TensorType) and operand_type.distributed:
            self.error(
                "PTO-X4",
                f"pl.{op} does not support distributed tensors (AIV/AIC split only)",
                call.span,
                hint,
            )
            return UNKNOWN
        split_kw = call.kwarg("split")
        lane_stride = call.kwarg("lane_stride")
        if ctx.region_span is not None:
            if split_kw is not None:
                self.error(
                    "PTO-X5",
                    f"pl.{op}() does not take a split= argument inside a 'for ... in pl.split_aiv(...)' loop — the "
                    "split mode is inherited from that scope",
                    call.span,
                    hint,
                )
                return UNKNOWN
            if lane_stride is not None:
                self.error(
                    "PTO-X11",
                    f"pl.{op}() does not take a lane_stride= argument inside a 'for ... in pl.split_aiv(...)' loop "
                    "— the partition follows the region's own per-lane offsets",
                    call.span,
                    hint,
                )
                return UNKNOWN
            split = SPLIT_MODES.get(ctx.region_mode or "NONE", 0)
        elif split_kw is not None:
            if isinstance(operand_type, TensorType):
                self.error(
                    "PTO-X6",
                    f"pl.{op}(..., split=N) does not accept a high-level Tensor operand — the outlined split= form "
                    "is tile-only. Wrap the Tensor in a 'for aiv_id in pl.split_aiv(...)' region instead, which "
                    "supplies the split mode and lowers to the tile op.",
                    call.span,
                    hint,
                )
                return UNKNOWN
            value = fold(split_kw, self.env)
            if not isinstance(value, int) or isinstance(value, bool):
                self.error(
                    "PTO-X7",
                    f"pl.{op}(..., split=N) requires an integer split (the lowered SplitMode value), got "
                    f"'{_expr_text(split_kw)}'",
                    call.span,
                    hint,
                )
                return UNKNOWN
            split = value
            if op == "aic_gather" and lane_stride is not None:
                self.error(
                    "PTO-X8",
                    "pl.aic_gather() does not take a lane_stride= argument: only the Cube -> Vector shard is ever "
                    "rebalanced onto a ragged boundary's valid region, so the gather always re-joins the lanes on "
                    "the box partition",
                    call.span,
                    hint,
                )
                return UNKNOWN
        else:
            self.error(
                "PTO-X10",
                f"pl.{op}() must be used inside a 'for ... in pl.split_aiv(...)' loop (or pass an explicit integer "
                "'split=' in the outlined form); it otherwise inherits the split mode from that scope",
                call.span,
                hint,
            )
            return UNKNOWN
        kind = "tensor" if isinstance(operand_type, TensorType) else "tile"
        resolution = resolve_call(f"pl.{kind}.{op}", [operand_type], {"split": split})
        self.facts.calls[call.span] = resolution
        if resolution.error:
            self.error("PTO-D5", resolution.error, call.span, "Check your function definition for errors")
            return UNKNOWN
        return resolution.result


def _td_code(message: str) -> str:
    """PTO-F15 for `pl operation ...`, PTO-F15b for an explicitly namespaced op."""
    return "PTO-F15" if message.startswith("pl operation") else "PTO-F15b"


def _subscript_type(base: ValueType, index: ir.Expr, env: Mapping[str, object]) -> ValueType:
    if not isinstance(base, TensorType | TileType):
        return UNKNOWN
    items = index.elts if isinstance(index, ir.TupleExpr) else (index,)
    dims: list[int | str] = []
    for pos, item in enumerate(items):
        if pos >= len(base.shape):
            return UNKNOWN
        full = base.shape[pos]
        if isinstance(item, ir.SliceExpr):
            lo = fold(item.lower, env) if item.lower else 0
            hi = fold(item.upper, env) if item.upper else full
            if isinstance(lo, int) and isinstance(hi, int):
                dims.append(hi - lo)
            elif item.lower is not None and item.upper is not None:
                dims.append(_slice_extent(item.lower, item.upper, env))
            else:
                dims.append("?")
        else:
            dims.append(1)
    dims.extend(base.shape[len(items) :])
    if isinstance(base, TensorType):
        return TensorType(tuple(dims), base.dtype)
    return TileType(tuple(dims), base.dtype, base.memory)


def _slice_extent(lower: ir.Expr, upper: ir.Expr, env: Mapping[str, object]) -> int | str:
    """`k0 : k0 + KC` has the static extent KC even when k0 is a loop value."""
    if isinstance(upper, ir.BinOp) and upper.op == "+" and _same(upper.left, lower):
        value = fold(upper.right, env)
        if isinstance(value, int):
            return value
    return "?"


def _same(a: ir.Expr, b: ir.Expr) -> bool:
    return isinstance(a, ir.Name) and isinstance(b, ir.Name) and a.id == b.id


def _expr_text(expr: ir.Expr) -> str:
    if isinstance(expr, ir.Const):
        return repr(expr.value) if isinstance(expr.value, str) else str(expr.value)
    if isinstance(expr, ir.Name):
        return expr.id
    if isinstance(expr, ir.Attribute):
        return expr.dotted
    if isinstance(expr, ir.UnaryOp):
        return f"{expr.op}{_expr_text(expr.operand)}"
    if isinstance(expr, ir.BinOp):
        return f"{_expr_text(expr.left)} {expr.op} {_expr_text(expr.right)}"
    if isinstance(expr, ir.Call):
        return f"{expr.func}(...)"
    return "..."


def _literal_text(expr: ir.Expr, env: Mapping[str, object]) -> str:
    """The source text of a module constant that a quick fix can inline in place of its name."""
    value = env.get(expr.id) if isinstance(expr, ir.Name) else None
    return value.text if isinstance(value, SourceText) else ""


def _walk_calls(stmts: tuple[ir.Stmt, ...]) -> list[ir.Call]:
    from compiler.passes.walk import calls_in_block

    return calls_in_block(stmts)


def _reads_block_idx(stmts: tuple[ir.Stmt, ...]) -> bool:
    return any(c.func.endswith("get_block_idx") for c in _walk_calls(stmts))


def _dispatches(stmts: tuple[ir.Stmt, ...]) -> bool:
    return any(
        c.func.startswith("self.") or not c.func.startswith(("pl.", "pld.")) for c in _walk_calls(stmts)
    )
