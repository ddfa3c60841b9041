"""The scope checks: `with pl.at(...)` / `pl.cluster` / `pl.spmd(...)` and `for ... in pl.spmd(...)`,
their keywords, their `optimizations=[...]` entries and slot counts (F11, F12, F24, F33, F34, F37 ... F39,
O-1 ... O-16, SP-6)."""

from __future__ import annotations

import keyword
from collections.abc import Mapping
from typing import Any

from compiler import ir
from compiler.fixes import InlineOptimizations, RewriteSplitSlotNum
from compiler.frontend.checks.core_num import check_core_num
from compiler.frontend.checks.enum_args import enum_arg
from compiler.frontend.checks.facts import ScopeInfo
from compiler.frontend.checks.spelling import printed_type
from compiler.frontend.checks.state import CheckState, Typer, WalkContext
from compiler.frontend.consts import UNKNOWN_VALUE, SourceText, fold
from compiler.ir_walk import calls_in_block
from compiler.rules.parse_optimizations import INNER_CARRIER
from compiler.rules.shared import IN_THIS_SCOPE
from compiler.source import Span
from compiler.types import ScalarType, TileType
from compiler.vocabulary import EnumValue

_CONTEXT_KINDS = frozenset({"at", "cluster", "spmd", "scope", "manual_scope"})
_AT_KEYWORDS = frozenset(
    {
        "level",
        "role",
        "optimizations",
        "deps",
        "no_dep_args",
        "dumps",
        "allow_early_resolve",
        "name_hint",
        "windowize",
    }
)
_SPMD_KEYWORDS = frozenset(
    {"core_num", "sync_start", "name_hint", "optimizations", "allow_early_resolve", "predicate"}
)
_SPMD_LOOP_ONLY = ("init_values", "chunk", "chunk_policy", "attrs", "step", "stage")
"""The loop keywords `for ... in pl.spmd(...)` rejects (before it looks at any other argument)."""
_SLOT_CODES = {
    "split": ("PTO-O11b", "PTO-O12"),
    "slot_num": ("PTO-O11", "PTO-O12"),
    "local_slot_num": ("PTO-SP6c", "PTO-SP6"),
}
"""(not an integer literal, not positive) codes of each slot count."""


class ScopeChecks:
    """The scope statements of one function; their header expressions are typed by `typer`."""

    def __init__(self, state: CheckState, typer: Typer) -> None:
        self.state = state
        self.typer = typer
        self._calls: dict[int, tuple[tuple[ir.Stmt, ...], list[ir.Call]]] = {}

    def with_scope(self, stmt: ir.With, ctx: WalkContext) -> WalkContext:
        """Check `with pl.at / pl.cluster / pl.spmd / ...`; records an InCore scope. Returns the context
        of the body."""
        state = self.state
        call = stmt.call
        for index, arg in enumerate(call.args):
            if not (stmt.kind == "at" and index == 0 and isinstance(arg, ir.Attribute)):  # the level: _level
                self.typer.value(arg, ctx)
        if stmt.kind not in _CONTEXT_KINDS:
            state.error("PTO-F24", stmt.header)
        construct = call.func.removeprefix("pl.")
        if (
            stmt.target
            and call.func.startswith("pl.")
            and "." not in construct
            and construct not in ("at", "spmd")
        ):
            state.error("PTO-F80", stmt.header, construct=construct)
        if stmt.target:
            # `with pl.at(...) as tid` / `with pl.spmd(...) as tid` binds the scope's TaskId.
            state.define(stmt.target, ScalarType("TASK_ID"))
        if stmt.kind == "at":
            self.at_arguments(call, stmt.header)
            level = self._level(call)
            if level == "CORE_GROUP":
                self.scope_options(call, "pl.at", stmt.header)
                info = self.scope_info(call)
                state.record_scope(stmt.span, info)
                return ctx.child(in_core=True, scope_split=info.split or "", scope_span=stmt.span)
            if call.kwarg("optimizations") is not None:
                state.error("PTO-O14", stmt.header)
        elif stmt.kind == "cluster":
            return ctx.child(in_cluster=True)
        elif stmt.kind in ("scope", "manual_scope"):
            return self.runtime_scope(stmt, ctx)
        elif stmt.kind == "spmd":
            self.scope_options(call, "pl.spmd", stmt.header)
            if ctx.in_cluster and stmt.target:
                state.error("PTO-F82", stmt.header)
            else:
                self.in_cluster_options(call, stmt.header, ctx)
            self.spmd_arguments(stmt)
            self.spmd_body(stmt)
            if self.reads_block_idx(stmt.body):
                info = self.scope_info(call)
                state.record_scope(stmt.span, info)
                return ctx.child(in_core=True, scope_split=info.split or "", scope_span=stmt.span)
        return ctx

    def runtime_scope(self, stmt: ir.With, ctx: WalkContext) -> WalkContext:
        """F105 ... F110: `with pl.scope(...)` / `with pl.manual_scope()`, their arguments and nesting. The
        parser checks each function on its own, with its own auto_scope: the body of an inlined helper is
        checked where the helper is defined."""
        state, call = self.state, stmt.call
        if not state.function.span.contains(stmt.span.line, stmt.span.col):
            return ctx
        if stmt.kind == "manual_scope":
            if call.args or call.keywords or call.star_kwargs:
                state.error("PTO-F107", stmt.span)
                return ctx
            manual: bool | None = True
        else:
            if call.args:
                state.error("PTO-F105", stmt.span)
                return ctx
            manual = False
            for kw in call.keywords:
                if kw.name != "mode":
                    state.error("PTO-F106", stmt.span, kw=kw.name)
                    return ctx
                mode = kw.value.dotted if isinstance(kw.value, ir.Attribute) else ""
                manual = True if mode.endswith(".MANUAL") else False if mode.endswith(".AUTO") else None
            if call.star_kwargs:
                manual = None
        if manual is None:
            return ctx  # a mode the model cannot read
        if manual:
            if ctx.in_manual_scope:
                state.error("PTO-F108", stmt.span)
            return ctx.child(in_manual_scope=True)
        if state.function.auto_scope:
            state.error("PTO-F109", stmt.span)
        elif ctx.in_manual_scope:
            state.error("PTO-F110", stmt.span)
        return ctx

    def spmd_loop(self, stmt: ir.For, ctx: WalkContext) -> WalkContext:
        """F33 / F34 and the options of `for i in pl.spmd(n, ...)`, an InCore scope; records it. Returns
        the context of the loop's body."""
        state = self.state
        call = stmt.iter
        self.scope_options(call, "pl.spmd", stmt.header)
        if self.spmd_call(call, stmt.header, stmt.target, allow_deps=False):
            self.in_cluster_options(call, stmt.header, ctx)
            width = call.args[0] if call.args else call.kwarg("core_num")
            if width is None:
                state.error("PTO-F33", call.span)
            else:
                check_core_num(state, width)
        info = self.scope_info(call)
        state.record_scope(stmt.span, info)
        inner = ctx.child(in_core=True, scope_split=info.split or "", scope_span=stmt.span)
        return inner.child(loops=[*ctx.loops, "spmd"])

    def spmd_call(self, call: ir.Call, anchor: Span, loop_target: ir.Expr | None, allow_deps: bool) -> bool:
        """F84 ... F86, F54 ... F57: the argument forms of `pl.spmd(...)` the parser checks before the block count, in
        its order (the first one it finds stops the parse). `loop_target`: the for-form's target. False
        when one was reported."""
        state = self.state
        if loop_target is not None:
            if isinstance(loop_target, ir.TupleExpr):
                state.error("PTO-F56", loop_target.span)
                return False
            for kw in call.keywords:
                if kw.name in _SPMD_LOOP_ONLY:
                    state.error("PTO-F84", kw.value.span, kw=kw.name)
                    return False
        if len(call.args) > 1:
            state.error("PTO-F86", call.args[1].span)
            return False
        if call.star_kwargs:
            if not call.keywords:  # `pl.spmd(n, **cfg)`: the unpacking is the first keyword the parser reads
                state.error("PTO-F270", call.span)
                return False
            return True  # the keywords' order is not kept: stay silent
        for kw in call.keywords:
            if kw.name == "deps" and not allow_deps:
                state.error("PTO-F85", kw.value.span)
                return False
            if kw.name != "deps" and kw.name not in _SPMD_KEYWORDS:
                supported = "'sync_start', 'name_hint', 'optimizations', " + (
                    "'deps', " if allow_deps else ""
                )
                state.error(
                    "PTO-F57", anchor, kw=kw.name, supported=supported + "'allow_early_resolve', 'predicate'"
                )
                return False
            if kw.name == "core_num" and call.args:
                state.error("PTO-F54", kw.value.span)
                return False
            if kw.name in ("sync_start", "allow_early_resolve") and not (
                isinstance(kw.value, ir.Const) and isinstance(kw.value.value, bool)
            ):
                state.error("PTO-F55", kw.value.span, kw=kw.name)
                return False
        self.name_hint(call, "pl.spmd()")
        return True

    def in_cluster_options(self, call: ir.Call, header: Span, ctx: WalkContext) -> None:
        """F83: allow_early_resolve=True / predicate= ride on a Submit, which a cluster-nested pl.spmd never is."""
        if not ctx.in_cluster:
            return
        early = call.kwarg("allow_early_resolve")
        if isinstance(early, ir.Const) and early.value is True:
            self.state.error(
                "PTO-F83", header, kwarg="allow_early_resolve=True", lost="the early-dispatch hint"
            )
        elif call.kwarg("predicate") is not None:
            self.state.error("PTO-F83", header, kwarg="predicate=(...)", lost="the dispatch predicate")

    def name_hint(self, call: ir.Call, owner: str) -> None:
        """F69: a literal name_hint= must be a non-keyword identifier (the scope's function is named after it)."""
        hint = call.kwarg("name_hint")
        if (
            isinstance(hint, ir.Const)
            and isinstance(hint.value, str)
            and hint.value
            and (not hint.value.isidentifier() or keyword.iskeyword(hint.value))
        ):
            self.state.error("PTO-F69", hint.span, owner=owner, value=repr(hint.value))

    def at_arguments(self, call: ir.Call, header: Span) -> None:
        """F37 / F38 / F39 / F69 / F99 ... F104: the arguments of `pl.at(...)`."""
        state = self.state
        if len(call.args) > 2:
            state.error("PTO-F99", call.span, count=len(call.args))
            return
        if call.star_kwargs:
            # The parser reads the keywords in order and stops at the unpacking; the model keeps no order, so
            # it reports only when the keywords it sees pass (a level and a role spelt as members).
            if all(
                kw.name in ("level", "role") and isinstance(kw.value, ir.Attribute) for kw in call.keywords
            ):
                state.error("PTO-F269", call.span)
            return
        self.name_hint(call, "pl.at()")
        for kw in call.keywords:
            if kw.name in ("dumps", "no_dep_args"):
                self.tensor_names(kw)
        for kw in call.keywords:
            if kw.name not in _AT_KEYWORDS:
                state.error("PTO-F37", kw.span, kw=kw.name)
        if call.kwarg("level") is None and not call.args:
            state.error("PTO-F38", call.span)
            return
        level = call.kwarg("level") or call.args[0]
        role = call.kwarg("role") or (call.args[1] if len(call.args) > 1 else None)
        if role is not None and isinstance(level, ir.Attribute) and level.dotted.endswith(".CORE_GROUP"):
            state.error("PTO-F39", role.span, related=(IN_THIS_SCOPE.at(header),))

    def tensor_names(self, kw: ir.Keyword) -> None:
        """F100 ... F104: `dumps=` / `no_dep_args=` list the scope's tensors by name, each once."""
        state = self.state
        suffix = "" if kw.name == "dumps" else "b"
        if not isinstance(kw.value, ir.ListExpr | ir.TupleExpr):
            state.error(f"PTO-F100{suffix}", kw.span)
            return
        seen: set[str] = set()
        for elt in kw.value.elts:
            if not isinstance(elt, ir.Name):
                state.error(f"PTO-F101{suffix}", elt.span)
                return
            known = state.type_of(elt.id)
            if known is None:
                if state.unbound(elt.id):
                    state.error(f"PTO-F102{suffix}", elt.span, name=elt.id)
                return
            if isinstance(known, TileType) or (isinstance(known, ScalarType) and known.exact):
                shown = printed_type(known) if isinstance(known, TileType) else f"pl.Scalar[pl.{known.dtype}]"
                state.error(f"PTO-F103{suffix}", elt.span, name=elt.id, type=shown)
                return
            if elt.id in seen:
                state.error(f"PTO-F104{suffix}", elt.span, name=elt.id)
                return
            seen.add(elt.id)

    def spmd_arguments(self, stmt: ir.With) -> None:
        """F33 / F34 / O-16 / F12: the block count, where optimizations= goes, one dispatch per scope."""
        state = self.state
        call = stmt.call
        width = call.args[0] if call.args else call.kwarg("core_num")
        if not self.spmd_call(call, stmt.header, None, allow_deps=stmt.target is not None):
            pass
        elif width is None:
            state.error("PTO-F33", call.span)
        else:
            check_core_num(state, width)
        body = stmt.body
        carrier = (
            body[0] if len(body) == 1 and isinstance(body[0], ir.With) and body[0].kind == "at" else None
        )
        opts = next((kw for kw in call.keywords if kw.name == "optimizations"), None)
        if carrier is not None and opts is not None:
            code = "PTO-O16" if carrier.call.kwarg("optimizations") is not None else "PTO-O16b"
            state.error(code, stmt.header, related=(INNER_CARRIER.at(carrier.header),))
        if carrier is None and not self.reads_block_idx(body):
            dispatches = [c for c in self.calls_in(body) if c.func.startswith("self.")]
            if len(dispatches) > 1:
                state.error("PTO-F12", stmt.header, count=len(dispatches))

    def _level(self, call: ir.Call) -> str | None:
        expr = call.kwarg("level") or (call.args[0] if call.args else None)
        if expr is None:
            return None
        return enum_arg(self.state, expr, "Level")

    def spmd_body(self, stmt: ir.With) -> None:
        """F11: `with pl.spmd(n):` must read the block index or dispatch a kernel."""
        body = stmt.body
        if len(body) == 1 and isinstance(body[0], ir.With) and body[0].kind == "at":
            return
        if self.reads_block_idx(body) or any(
            c.func.startswith("self.") or not c.func.startswith(("pl.", "pld.")) for c in self.calls_in(body)
        ):
            return
        self.state.error("PTO-F11", stmt.header)

    def calls_in(self, body: tuple[ir.Stmt, ...]) -> list[ir.Call]:
        """Every call in a body (memoised: an spmd body is asked several questions)."""
        cached = self._calls.get(id(body))
        if cached is None or cached[0] is not body:
            cached = (body, calls_in_block(body))
            self._calls[id(body)] = cached
        return cached[1]

    def reads_block_idx(self, body: tuple[ir.Stmt, ...]) -> bool:
        """True when the body reads the per-block index."""
        return any(c.func.endswith("get_block_idx") for c in self.calls_in(body))

    def scope_info(self, call: ir.Call) -> ScopeInfo:
        """What the passes read of a scope: its split mode, slot counts and name hint."""
        env = self.state.env
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
                    value = fold(entry.args[0], env)
                    if isinstance(value, EnumValue):
                        split = value.member
                    sn = fold(entry.kwarg("slot_num"), env)
                    if isinstance(sn, int) and slot_num is None:
                        slot_num = sn
                elif name == "pl.cross_core_slot":
                    sn = fold(entry.kwarg("slot_num"), env)
                    slot_num = sn if isinstance(sn, int) else slot_num
                    lsn = fold(entry.kwarg("local_slot_num"), env)
                    local = lsn if isinstance(lsn, int) else local
        hint = call.kwarg("name_hint")
        return ScopeInfo(split, slot_num, local, hint.value if isinstance(hint, ir.Const) else None)  # type: ignore[arg-type]

    def scope_options(self, call: ir.Call, owner: str, header: Span) -> None:
        """O-1 ... O-13, O-15, SP-6b: `optimizations=[...]` entries."""
        state = self.state
        env = state.env
        seen_kw: set[str] = set()
        for kw in call.keywords:
            if kw.name in seen_kw and kw.name == "optimizations":
                state.error("PTO-O15", kw.span)
            seen_kw.add(kw.name)
        opts = call.kwarg("optimizations")
        if opts is None:
            return
        if not isinstance(opts, ir.ListExpr):
            literal = _literal_text(opts, env)
            fixes = (InlineOptimizations(opts.span, literal),) if literal else ()
            state.error("PTO-O1", opts.span, related=(IN_THIS_SCOPE.at(header),), fixes=fixes, owner=owner)
            return
        # A list that already has pl.cross_core_slot(...) keeps it: the O-13 fix then only drops slot_num=.
        has_slot_entry = any(isinstance(e, ir.Call) and e.func.endswith("cross_core_slot") for e in opts.elts)
        split_entry: ir.Call | None = None
        split_has_slot = False
        slot_entry: ir.Call | None = None
        for entry in opts.elts:
            name = entry.func.replace("pl.optimizations.", "pl.") if isinstance(entry, ir.Call) else ""
            if not isinstance(entry, ir.Call) or name not in ("pl.split", "pl.cross_core_slot"):
                literal = _literal_text(entry, env)
                state.error(
                    "PTO-O5",
                    entry.span,
                    related=(IN_THIS_SCOPE.at(header),),
                    fixes=(InlineOptimizations(entry.span, literal),) if literal else (),
                    owner=owner,
                )
                continue
            if name == "pl.split":
                if split_entry is not None:
                    state.error("PTO-O2", entry.span)
                    continue
                split_entry = entry
                for kw in entry.keywords:
                    if kw.name != "slot_num":
                        state.error("PTO-O6", kw.span, kw=kw.name)
                slot = entry.kwarg("slot_num")
                if slot is not None:
                    split_has_slot = True
                    if self.slot_literal(slot, "split", header):
                        state.warning(
                            "PTO-O13",
                            slot.span,
                            fixes=(RewriteSplitSlotNum(entry.span, has_slot_entry),),
                        )
                    if slot_entry is not None:
                        state.error("PTO-O3", entry.span)  # pl.split written second
                if len(entry.args) != 1:
                    state.error("PTO-O7", entry.span, n=len(entry.args))
                else:
                    enum_arg(state, entry.args[0], "SplitMode")
            else:
                if slot_entry is not None:
                    state.error("PTO-O4", entry.span, related=(IN_THIS_SCOPE.at(header),))
                    continue
                slot_entry = entry
                if entry.args:
                    state.error("PTO-O8", entry.span, n=len(entry.args))
                for kw in entry.keywords:
                    if kw.name not in ("slot_num", "local_slot_num"):
                        state.error("PTO-O9", kw.span, kw=kw.name)
                slot = entry.kwarg("slot_num")
                if slot is None:
                    state.error("PTO-O10", entry.span)
                else:
                    ok = self.slot_literal(slot, "slot_num", header)
                    local = entry.kwarg("local_slot_num")
                    if ok and local is not None and self.slot_literal(local, "local_slot_num", header):
                        sn, lsn = fold(slot, env), fold(local, env)
                        if isinstance(sn, int) and isinstance(lsn, int) and lsn > sn:
                            state.error("PTO-SP6b", local.span, slot_num=sn, local_slot_num=lsn)
                if split_has_slot:
                    state.error("PTO-O3b", entry.span)  # pl.cross_core_slot written second

    def slot_literal(self, expr: ir.Expr, which: str, header: Span) -> bool:
        """O-11 / O-12 (and spec 000's local_slot_num forms): a slot count must be a positive integer
        literal (module constants fold). ``which`` is ``split`` (the deprecated pl.split(slot_num=)),
        ``slot_num`` or ``local_slot_num`` (pl.cross_core_slot)."""
        literal_code, positive_code = _SLOT_CODES[which]
        related = (IN_THIS_SCOPE.at(header),)
        value = fold(expr, self.state.env) if isinstance(expr, ir.Const | ir.Name) else UNKNOWN_VALUE
        if not isinstance(value, int) or isinstance(value, bool):
            self.state.error(literal_code, expr.span, related=related)
            return False
        if value <= 0:
            api = "pl.split(slot_num=...)" if which == "split" else "pl.cross_core_slot(slot_num=...)"
            fields: dict[str, Any] = {"api": api} if positive_code == "PTO-O12" else {}
            self.state.error(positive_code, expr.span, related=related, value=value, **fields)
            return False
        return True


def _literal_text(expr: ir.Expr, env: Mapping[str, object]) -> str:
    """The source text of a module constant that a quick fix can inline in place of its name."""
    value = env.get(expr.id) if isinstance(expr, ir.Name) else None
    return value.text if isinstance(value, SourceText) else ""
