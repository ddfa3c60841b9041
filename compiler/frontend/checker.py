"""Parser-level semantics: the checks upstream's ast_parser makes, plus op typing.

Walks each function once with a scope context, reporting every independent fault (upstream stops at
the first). Produces the types of named values and the resolution of every op call for the passes.
"""

from __future__ import annotations

import ast
import builtins
import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from compiler import budget, catalog, ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic, Problem, Related
from compiler.evaluator import FunctionValue
from compiler.fixes import Fix, InlineOptimizations, ReplaceText, RewriteSplitSlotNum, SuggestText
from compiler.frontend.consts import (
    MAX_FOLDED_BITS,
    UNKNOWN_VALUE,
    SourceText,
    attribute_value,
    enum_member_error,
    fold,
)
from compiler.frontend.subscripts import subscript_type
from compiler.incremental import Recorded
from compiler.ir_walk import calls_in_block, child_blocks, walk_expr
from compiler.ops.resolve import Resolution, op_error, resolve_call
from compiler.ops.signatures import SIGNATURES
from compiler.rules import boundary_deducers
from compiler.rules.frontend import NAME_NOT_DEFINED
from compiler.rules.parse_optimizations import INNER_CARRIER
from compiler.rules.parse_split_aiv import ENCLOSING_REGION, SPLIT_SCOPE
from compiler.rules.shared import IN_THIS_SCOPE
from compiler.source import Span
from compiler.types import UNKNOWN, ArgValue, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import EnumValue, enum_members

LOOP_KINDS = ("range", "parallel", "unroll", "pipeline", "while_", "spmd", "split_aiv")
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

    def key(self) -> tuple[object, ...]:
        """What a statement's checks read of the context (the statement memo compares it)."""
        return (
            self.in_core,
            self.scope_split,
            self.scope_span,
            self.region_mode,
            self.region_span,
            tuple(self.loops),
        )

    def child(self, **changes: object) -> _Ctx:
        ctx = _Ctx(self.in_core, self.scope_split, self.scope_span, self.region_mode, self.region_span)
        ctx.loops = list(self.loops)
        for key, value in changes.items():
            setattr(ctx, key, value)
        return ctx


# Binary operators the parser has no IR for (parse_binop), by the ast class name it reports; a fold of
# constants never reaches it.
_UNSUPPORTED_BINOPS = {"**": "Pow", "@": "MatMult"}

# The enum member behind each string spelling of syncall / sync_set / sync_wait (spec 003).
_ENUM_SPELLING = {
    ("core_type", "mix"): "MIX",
    ("core_type", "mixed"): "MIX",
    ("core_type", "aic_only"): "AIC",
    ("core_type", "aic"): "AIC",
    ("core_type", "aiv_only"): "AIV",
    ("core_type", "aiv"): "AIV",
    ("mode", "hard"): "HARD",
    ("mode", "soft"): "SOFT",
}


def _near_ops(call: ir.Call, prefix: str) -> tuple[Fix, ...]:
    """'Did you mean' fixes for an unknown `pl.<op>`: up to three registered ops spelled closest."""
    from compiler.ops.registry import dsl_names

    namespace = [n for n in dsl_names() if n.startswith(prefix) and n.count(".") == prefix.count(".")]
    op = call.func.rpartition(".")[2]
    span = call.func_span
    if span.line != span.end_line or span.end_col - len(op) < span.col:
        return ()
    op_span = Span(span.end_line, span.end_col - len(op), span.end_line, span.end_col)
    out = []
    for name in difflib.get_close_matches(call.func, namespace, n=3, cutoff=0.6):
        short = name.rsplit(".", 1)[1]
        out.append(SuggestText(op_span, short))
    return tuple(out)


_ABSENT = object()


def _same_type(a: object, b: object) -> bool:
    """Two reads give the same: equal, with the same valid extents (which type equality ignores)."""
    return a == b and getattr(a, "valid", None) == getattr(b, "valid", None)


def statement_checks() -> Recorded:
    """The statement memo of one function's checks (compiler.incremental.Recorded): a statement is
    checked again only when it is new or a name, type or context it read changed."""
    return Recorded(_same_type)


class FunctionChecker:
    """Runs the parser-level checks over one function."""

    def __init__(
        self,
        function: ir.Function,
        env: Mapping[str, object],
        module_names: frozenset[str],
        program_functions: Mapping[str, ir.Function],
        report: Callable[[Diagnostic], None],
        memo: Recorded | None = None,
    ) -> None:
        self.function = function
        self.env = env
        self.module_names = module_names
        self.program_functions = program_functions
        self._report = report
        self._memo = memo
        self.facts = FunctionFacts()
        self._calls: dict[int, tuple[tuple[ir.Stmt, ...], list[ir.Call]]] = {}
        self._block_types: list[dict[str, ValueType]] = []  # names bound in each open body, innermost last
        self.defined: set[str] = {p.name for p in function.params} | {"self", "pl", "pld"} | function.closure
        for param in function.params:
            self.facts.types[param.name] = param.type
        if memo is not None:
            # Every read of the walk's state goes through `_read`, every change through `_write`.
            memo.next_version(
                {
                    "type": lambda name: self.facts.types.get(name, _ABSENT),
                    "defined": lambda name: name in self.defined,
                    "block": self._block_type,
                    "names": lambda _: self._known_names(),
                },
                {
                    "define": self._define,
                    "block": self._rebind,
                    "call": lambda key, value: self._fact(self.facts.calls, "call", key, value),
                    "scope": lambda key, value: self._fact(self.facts.scopes, "scope", key, value),
                    "region": lambda key, value: self._fact(self.facts.regions, "region", key, value),
                    "report": lambda _, entry: self._emit(*entry),
                },
                {
                    "define": self._define_all,
                    "call": self.facts.calls.update,
                    "scope": self.facts.scopes.update,
                    "region": self.facts.regions.update,
                },
            )

    # ------------------------------------------------------------ state
    # The walk's state (names, their types, each open body's bindings, the facts, the reports) is read
    # and changed only here, so the statement memo sees every input and every effect of a statement.
    def _type(self, name: str) -> ValueType | None:
        """The type a name has at this point, if any."""
        memo = self._memo
        found = memo.read("type", name) if memo is not None else self.facts.types.get(name, _ABSENT)
        return None if found is _ABSENT else found  # type: ignore[return-value]

    def _is_defined(self, name: str) -> bool:
        memo = self._memo
        return bool(memo.read("defined", name)) if memo is not None else name in self.defined

    def _block_type(self, key: tuple[int, str]) -> object:
        depth, name = key
        if not 0 < depth <= len(self._block_types):
            return _ABSENT
        return self._block_types[depth - 1].get(name, _ABSENT)

    def _known_names(self) -> frozenset[str]:
        return frozenset(self.defined) | frozenset(self.facts.types) | frozenset(self.env) | self.module_names

    def _define(self, name: str, value_type: ValueType) -> None:
        """Bind a name with its type."""
        self.defined.add(name)
        self.facts.types[name] = value_type
        if self._memo is not None:
            self._memo.write("define", name, value_type, shadows=(("type", name), ("defined", name)))

    def _define_all(self, pairs: tuple[tuple[str, ValueType], ...]) -> None:
        """`_define` each pair (a replay where no statement around is being recorded)."""
        self.defined.update(name for name, _ in pairs)
        self.facts.types.update(pairs)

    def _rebind(self, key: tuple[int, str], value_type: ValueType) -> None:
        """Record a name's type in the open body at `key[0]` (a replay writes only its own body's)."""
        depth, name = key
        if depth != len(self._block_types):
            return
        self._block_types[-1][name] = value_type
        if self._memo is not None:
            self._memo.write("block", key, value_type, scope=depth, shadows=(("block", key),))

    def _fact(self, facts: dict[Any, Any], kind: str, key: object, value: object) -> None:
        """Record a fact for the passes (a call's resolution, a scope, a region)."""
        facts[key] = value
        if self._memo is not None:
            self._memo.write(kind, key, value)

    def _emit(self, diag: Diagnostic, bad: bool = False) -> None:
        """Report a diagnostic; an error marks the function bad for later passes."""
        if bad:
            self.facts.bad = True
        self._report(diag)
        if self._memo is not None:
            self._memo.write("report", None, (diag, bad))

    # ------------------------------------------------------------ reporting
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
        self._emit(diagnostic(code, span, related=related, fixes=fixes, stage="parse", **fields), bad=True)

    def warning(self, code: str, span: Span, *, fixes: tuple[Fix, ...] = (), **fields: Any) -> None:
        """Report a parse-stage warning (the catalog rule ``code`` with its fields)."""
        self._emit(diagnostic(code, span, fixes=fixes, stage="parse", **fields))

    # ------------------------------------------------------------ entry
    def run(self) -> FunctionFacts:
        """Check the whole function body."""
        in_core = self.function.func_type in ("InCore", "AIC", "AIV")
        self.func_attr_prologue()
        if self.function.strict_ssa:
            self.single_assignment(self.function.body, {p.name for p in self.function.params})
        self.block(self.function.body, _Ctx(in_core=in_core, scope_split=None))
        return self.facts

    def single_assignment(self, body: tuple[ir.Stmt, ...], defined: set[str]) -> None:
        """F42: under strict_ssa a name is assigned once in its scope (each nested body is a scope of its own)."""
        for stmt in body:
            if isinstance(stmt, ir.Assign):
                for target in stmt.targets:
                    names = target.elts if isinstance(target, ir.TupleExpr | ir.ListExpr) else (target,)
                    for name in names:
                        if not isinstance(name, ir.Name):
                            continue
                        if name.id in defined:
                            self.error("PTO-F42", name.span, name=name.id)
                        defined.add(name.id)
            for nested in child_blocks(stmt):
                self.single_assignment(nested, set())

    def tpop_memory(self, stmt: ir.Assign) -> None:
        """MK-2: a hand-written tpop's annotated result memory is where its side reads it (AIV: Vec, AIC: Mat)."""
        call = stmt.value
        if not isinstance(call, ir.Call) or self.function.func_type not in ("AIC", "AIV"):
            return
        short = call.func.rsplit(".", 1)[-1]
        required = {"tpop_from_aic": "Vec", "tpop_from_aiv": "Mat"}.get(short)
        annotation = stmt.annotation
        if required is None or not isinstance(annotation, ir.Subscript):
            return
        index = annotation.index
        parts = index.elts if isinstance(index, ir.TupleExpr) else (index,)
        spaces = [
            p.dotted.rsplit(".", 1)[-1] for p in parts if isinstance(p, ir.Attribute) and ".Mem" in p.dotted
        ]
        if spaces and spaces[-1] != required:
            self._emit(
                diagnostic(
                    "PTO-MK2",
                    stmt.span,
                    stage="MixedKernelExpanded",
                    kind=self.function.func_type,
                    function=self.function.name,
                    tpop_op=f"tile.{short}",
                    required=required,
                    actual=spaces[-1],
                )
            )

    def subscript_rank(self, base: ValueType, expr: ir.Subscript) -> None:
        """F29 / F30: more subscript indices than the tensor's or tile's rank."""
        ranked = isinstance(base, TensorType) and base.ranked and base.shape
        if not (ranked or (isinstance(base, TileType) and base.shape)):
            return
        count = len(expr.index.elts) if isinstance(expr.index, ir.TupleExpr) else 1
        rank = len(base.shape)  # type: ignore[union-attr]
        if count > rank:
            code = "PTO-F29" if isinstance(base, TensorType) else "PTO-F30"
            self.error(code, expr.span, count=count, rank=rank)

    def func_attr_prologue(self) -> None:
        """F44 / F45: `pl.func_attr({...})` is the function's first statement and takes a dict literal."""
        for index, stmt in enumerate(self.function.body):
            call = stmt.value if isinstance(stmt, ir.ExprStmt) and isinstance(stmt.value, ir.Call) else None
            if call is None or call.func != "pl.func_attr":
                continue
            if index > 0:
                self.error("PTO-F44", call.span, function=self.function.name)
            elif not (call.args and isinstance(call.args[0], ir.Opaque) and call.args[0].kind == "Dict"):
                self.error("PTO-F45", call.span)

    def block(self, stmts: tuple[ir.Stmt, ...], ctx: _Ctx) -> None:
        """Check a statement list in order."""
        self._block_types.append({})
        for stmt in stmts:
            self.stmt(stmt, ctx)
        self._block_types.pop()

    def stmt(self, stmt: ir.Stmt, ctx: _Ctx) -> None:
        """Check one statement; one whose recorded reads give what they gave last version replays what
        it did then."""
        memo = self._memo
        if memo is None:
            self._check(stmt, ctx)
            return
        depth = len(self._block_types)
        context = (depth, *ctx.key())
        found = memo.reuse(stmt, context)
        if found is not None:
            memo.replay(found)
            return
        memo.begin(scope=depth)
        try:
            self._check(stmt, ctx)
        except BaseException:
            memo.abandon()
            raise
        memo.end(stmt, context)

    def _check(self, stmt: ir.Stmt, ctx: _Ctx) -> None:
        budget.check()
        if isinstance(stmt, ir.Assign):
            value_type = self.value(stmt.value, ctx)
            if stmt.declared is not None:
                value_type = stmt.declared
            self.tpop_memory(stmt)
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
        elif isinstance(stmt, ir.Simple) and stmt.kind in ("break", "continue"):
            innermost = ctx.loops[-1] if ctx.loops else None
            code = {None: "PTO-F19", "split_aiv": "PTO-P11", "parallel": "PTO-F20", "unroll": "PTO-F21"}.get(
                innermost
            )
            if code is not None:
                self.error(code, stmt.span, keyword=stmt.kind)

    def bind(self, target: ir.Expr, value_type: ValueType, ctx: _Ctx) -> None:
        """Record the names an assignment defines."""
        if isinstance(target, ir.Name):
            # Only a rebinding within one body: whether a nested body's rebinding reuses the outer
            # variable depends on the scope rules, and an unsure model stays silent.
            depth = len(self._block_types)
            memo = self._memo
            key = (depth, target.id)
            previous = memo.read("block", key, scope=depth) if memo is not None else self._block_type(key)
            previous = None if previous is _ABSENT else previous
            if depth:
                self._rebind(key, value_type)
            if self.function.decorator == "function" and _retyped(previous, value_type):
                self.error(
                    "PTO-F22",
                    target.span,
                    name=target.id,
                    old_type=_printed_type(previous),
                    new_type=_printed_type(value_type),
                )
            self._define(target.id, value_type)
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
            self.error("PTO-F5", call.span)
            self._loop_body(stmt, ctx.child(loops=[*ctx.loops, "range"]))
            return
        for arg in call.args:
            self.value(arg, ctx)
        if stmt.kind == "split_aiv":
            self.split_aiv(stmt, ctx)
            return
        if stmt.kind == "spmd":
            self.scope_options(call, "pl.spmd", stmt.header)
            width = call.args[0] if call.args else call.kwarg("core_num")
            if width is None:
                self.error("PTO-F33", call.span)
            value = fold(width, self.env) if width is not None else None
            if isinstance(value, int) and not isinstance(value, bool) and value <= 0 and width is not None:
                self.error("PTO-F34", width.span, value=value)
            info = self._scope_info(call)
            self._fact(self.facts.scopes, "scope", stmt.span, info)
            inner = ctx.child(in_core=True, scope_split=info.split or "", scope_span=stmt.span)
            self._loop_body(stmt, inner.child(loops=[*ctx.loops, "spmd"]))
            return
        self._loop_body(stmt, ctx.child(loops=[*ctx.loops, stmt.kind]))

    def _loop_body(self, stmt: ir.For, ctx: _Ctx) -> None:
        target = stmt.target
        inits = stmt.iter.kwarg("init_values")
        if isinstance(target, ir.TupleExpr) and len(target.elts) == 2 and inits is not None:
            # `for i, (acc, ...) in pl.range(..., init_values=(a0, ...))`: each carry has its init's type.
            self.bind(target.elts[0], ScalarType("INDEX"), ctx)
            carries = target.elts[1].elts if isinstance(target.elts[1], ir.TupleExpr) else (target.elts[1],)
            values = inits.elts if isinstance(inits, ir.TupleExpr | ir.ListExpr) else (inits,)
            for carry, init in zip(carries, values, strict=False):
                self.bind(carry, self.value(init, ctx), ctx)
        else:
            self.bind(target, ScalarType("INDEX"), ctx)
        self.block(stmt.body, ctx)

    def split_aiv(self, stmt: ir.For, ctx: _Ctx) -> None:
        """P-1 ... P-10: the `for aiv_id in pl.split_aiv(2, mode=...)` loop form."""
        call = stmt.iter
        ok = True
        if ctx.region_span is not None:
            self.error(
                "PTO-P1",
                stmt.header,
                related=(ENCLOSING_REGION.at(ctx.region_span.header()),),
            )
            ok = False
        if ctx.scope_split:
            self.error(
                "PTO-P2",
                stmt.header,
                related=(SPLIT_SCOPE.at(ctx.scope_span.header()),) if ctx.scope_span else (),
                mode=ctx.scope_split,
            )
            ok = False
        if not isinstance(stmt.target, ir.Name):
            self.error("PTO-P3", stmt.target.span)
            ok = False
        mode: str | None = None
        for kw in call.keywords:
            if kw.name in _SPLIT_AIV_LOOP_KWARGS:
                self.error("PTO-P4", kw.value.span, kw=kw.name)
                ok = False
            elif kw.name == "optimizations":
                self.error("PTO-P5", kw.value.span)
                ok = False
            elif kw.name == "mode":
                mode = self.enum_arg(kw.value, "SplitMode")
                if mode is None:
                    ok = False
            else:
                self.error("PTO-P9", kw.value.span, kw=kw.name)
                ok = False
        if call.star_kwargs:
            self.error("PTO-P8", call.span)
            ok = False
        if len(call.args) != 1:
            self.error("PTO-P6", call.span)
            ok = False
        else:
            n = fold(call.args[0], self.env)
            if n != 2 or isinstance(n, bool):
                shown = n if n is not UNKNOWN_VALUE else _expr_text(call.args[0])
                self.error("PTO-P7", call.args[0].span, n=shown)
                ok = False
        if call.kwarg("mode") is None:
            self.error("PTO-P10", call.span)
            ok = False
        region_mode = mode or "NONE"
        if ok:
            self._fact(self.facts.regions, "region", stmt.span, region_mode)
        inner = ctx.child(
            region_mode=region_mode, region_span=stmt.span, loops=[*ctx.loops, "split_aiv"], in_core=True
        )
        if isinstance(stmt.target, ir.Name):
            self._define(stmt.target.id, ScalarType("INDEX"))
        self.block(stmt.body, inner)

    # ------------------------------------------------------------ with
    def with_stmt(self, stmt: ir.With, ctx: _Ctx) -> None:
        """Check `with pl.at / pl.cluster / pl.spmd / ...`."""
        call = stmt.call
        for index, arg in enumerate(call.args):
            if not (stmt.kind == "at" and index == 0 and isinstance(arg, ir.Attribute)):  # the level: _level
                self.value(arg, ctx)
        if stmt.kind not in _CONTEXT_KINDS:
            self.error("PTO-F24", stmt.header)
        if stmt.target:
            # `with pl.at(...) as tid` / `with pl.spmd(...) as tid` binds the scope's TaskId.
            self._define(stmt.target, ScalarType("TASK_ID"))
        if stmt.kind == "at":
            self.at_arguments(call, stmt.header)
            level = self._level(call)
            if level == "CORE_GROUP":
                self.scope_options(call, "pl.at", stmt.header)
                info = self._scope_info(call)
                self._fact(self.facts.scopes, "scope", stmt.span, info)
                inner = ctx.child(in_core=True, scope_split=info.split or "", scope_span=stmt.span)
                self.block(stmt.body, inner)
                return
            if call.kwarg("optimizations") is not None:
                self.error("PTO-O14", stmt.header)
        elif stmt.kind == "spmd":
            self.scope_options(call, "pl.spmd", stmt.header)
            self.spmd_arguments(stmt)
            self.spmd_body(stmt)
            if self.reads_block_idx(stmt.body):
                info = self._scope_info(call)
                self._fact(self.facts.scopes, "scope", stmt.span, info)
                self.block(
                    stmt.body, ctx.child(in_core=True, scope_split=info.split or "", scope_span=stmt.span)
                )
                return
        self.block(stmt.body, ctx)

    def at_arguments(self, call: ir.Call, header: Span) -> None:
        """F37 / F38 / F39: the keywords of `pl.at(...)`."""
        for kw in call.keywords:
            if kw.name not in _AT_KEYWORDS:
                self.error("PTO-F37", kw.span, kw=kw.name)
        if call.kwarg("level") is None and not call.args:
            self.error("PTO-F38", call.span)
            return
        level = call.kwarg("level") or call.args[0]
        role = call.kwarg("role") or (call.args[1] if len(call.args) > 1 else None)
        if role is not None and isinstance(level, ir.Attribute) and level.dotted.endswith(".CORE_GROUP"):
            self.error("PTO-F39", role.span, related=(IN_THIS_SCOPE.at(header),))

    def spmd_arguments(self, stmt: ir.With) -> None:
        """F33 / F34 / O-16 / F12: the block count, where optimizations= goes, one dispatch per scope."""
        call = stmt.call
        width = call.args[0] if call.args else call.kwarg("core_num")
        if width is None:
            self.error("PTO-F33", call.span)
        else:
            value = fold(width, self.env)
            if isinstance(value, int) and not isinstance(value, bool) and value <= 0:
                self.error("PTO-F34", width.span, value=value)
        body = stmt.body
        carrier = (
            body[0] if len(body) == 1 and isinstance(body[0], ir.With) and body[0].kind == "at" else None
        )
        opts = next((kw for kw in call.keywords if kw.name == "optimizations"), None)
        if carrier is not None and opts is not None:
            code = "PTO-O16" if carrier.call.kwarg("optimizations") is not None else "PTO-O16b"
            self.error(code, stmt.header, related=(INNER_CARRIER.at(carrier.header),))
        if carrier is None and not self.reads_block_idx(body):
            dispatches = [c for c in self.calls_in(body) if c.func.startswith("self.")]
            if len(dispatches) > 1:
                self.error("PTO-F12", stmt.header, count=len(dispatches))

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
        if self.reads_block_idx(body) or any(
            c.func.startswith("self.") or not c.func.startswith(("pl.", "pld.")) for c in self.calls_in(body)
        ):
            return
        self.error("PTO-F11", stmt.header)

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
                self.error("PTO-O15", kw.span)
            seen_kw.add(kw.name)
        opts = call.kwarg("optimizations")
        if opts is None:
            return
        if not isinstance(opts, ir.ListExpr):
            literal = _literal_text(opts, self.env)
            fixes = (InlineOptimizations(opts.span, literal),) if literal else ()
            self.error("PTO-O1", opts.span, related=(IN_THIS_SCOPE.at(header),), fixes=fixes, owner=owner)
            return
        # A list that already has pl.cross_core_slot(...) keeps it: the O-13 fix then only drops slot_num=.
        has_slot_entry = any(isinstance(e, ir.Call) and e.func.endswith("cross_core_slot") for e in opts.elts)
        split_entry: ir.Call | None = None
        split_has_slot = False
        slot_entry: ir.Call | None = None
        for entry in opts.elts:
            name = entry.func.replace("pl.optimizations.", "pl.") if isinstance(entry, ir.Call) else ""
            if not isinstance(entry, ir.Call) or name not in ("pl.split", "pl.cross_core_slot"):
                literal = _literal_text(entry, self.env)
                self.error(
                    "PTO-O5",
                    entry.span,
                    related=(IN_THIS_SCOPE.at(header),),
                    fixes=(InlineOptimizations(entry.span, literal),) if literal else (),
                    owner=owner,
                )
                continue
            if name == "pl.split":
                if split_entry is not None:
                    self.error("PTO-O2", entry.span)
                    continue
                split_entry = entry
                for kw in entry.keywords:
                    if kw.name != "slot_num":
                        self.error("PTO-O6", kw.span, kw=kw.name)
                slot = entry.kwarg("slot_num")
                if slot is not None:
                    split_has_slot = True
                    if self.slot_literal(slot, "split", header):
                        self.warning(
                            "PTO-O13",
                            slot.span,
                            fixes=(RewriteSplitSlotNum(entry.span, has_slot_entry),),
                        )
                    if slot_entry is not None:
                        self.error("PTO-O3", entry.span)  # pl.split written second
                if len(entry.args) != 1:
                    self.error("PTO-O7", entry.span, n=len(entry.args))
                else:
                    self.enum_arg(entry.args[0], "SplitMode")
            else:
                if slot_entry is not None:
                    self.error("PTO-O4", entry.span, related=(IN_THIS_SCOPE.at(header),))
                    continue
                slot_entry = entry
                if entry.args:
                    self.error("PTO-O8", entry.span, n=len(entry.args))
                for kw in entry.keywords:
                    if kw.name not in ("slot_num", "local_slot_num"):
                        self.error("PTO-O9", kw.span, kw=kw.name)
                slot = entry.kwarg("slot_num")
                if slot is None:
                    self.error("PTO-O10", entry.span)
                else:
                    ok = self.slot_literal(slot, "slot_num", header)
                    local = entry.kwarg("local_slot_num")
                    if ok and local is not None and self.slot_literal(local, "local_slot_num", header):
                        sn, lsn = fold(slot, self.env), fold(local, self.env)
                        if isinstance(sn, int) and isinstance(lsn, int) and lsn > sn:
                            self.error("PTO-SP6b", local.span, slot_num=sn, local_slot_num=lsn)
                if split_has_slot:
                    self.error("PTO-O3b", entry.span)  # pl.cross_core_slot written second

    def slot_literal(self, expr: ir.Expr, which: str, header: Span) -> bool:
        """O-11 / O-12 (and spec 000's local_slot_num forms): a slot count must be a positive integer
        literal (module constants fold). ``which`` is ``split`` (the deprecated pl.split(slot_num=)),
        ``slot_num`` or ``local_slot_num`` (pl.cross_core_slot)."""
        literal_code, positive_code = _SLOT_CODES[which]
        related = (IN_THIS_SCOPE.at(header),)
        value = fold(expr, self.env) if isinstance(expr, ir.Const | ir.Name) else UNKNOWN_VALUE
        if not isinstance(value, int) or isinstance(value, bool):
            self.error(literal_code, expr.span, related=related)
            return False
        if value <= 0:
            api = "pl.split(slot_num=...)" if which == "split" else "pl.cross_core_slot(slot_num=...)"
            fields: dict[str, Any] = {"api": api} if positive_code == "PTO-O12" else {}
            self.error(positive_code, expr.span, related=related, value=value, **fields)
            return False
        return True

    def enum_arg(self, expr: ir.Expr, enum: str) -> str | None:
        """Evaluate `pl.<Enum>.<member>`; report bad members the way the parser does."""
        if isinstance(expr, ir.Attribute):
            bad = enum_member_error(expr.dotted)
            if bad is not None:
                written = expr.dotted.split(".")[1]  # the enum the source names, e.g. Level
                if written == "SplitMode":
                    self.error("PTO-P12", expr.span, value=bad)
                else:
                    self.error(
                        "PTO-F7",
                        expr.span,
                        enum=written,
                        value=bad,
                        valid=", ".join(enum_members(written) or ()),
                    )
                return None
            value = attribute_value(expr.dotted)
            if isinstance(value, EnumValue) and value.enum == enum:
                return value.member
        value = fold(expr, self.env)
        if isinstance(value, EnumValue) and value.enum == enum:
            return value.member
        if enum == "SplitMode":
            self.error("PTO-P12b", expr.span)
        elif isinstance(value, EnumValue) or isinstance(expr, ir.Const):
            # Only what is certainly not pl.<Enum>.<name>: another enum's member, or a literal.
            self.error("PTO-F8", expr.span, qualified=f"pl.{enum}")
        return None

    # ------------------------------------------------------------ expressions
    def value(self, expr: ir.Expr, ctx: _Ctx) -> ValueType:
        """Type an expression, checking every call and name inside it."""
        if isinstance(expr, ir.Call):
            return self.call(expr, ctx)
        if isinstance(expr, ir.Name):
            known = self._type(expr.id)
            if known is not None:
                return known
            if self._undefined(expr.id):
                self.error("PTO-F6", expr.span, fixes=self._near_names(expr), name=expr.id)
            value = self.env.get(expr.id, UNKNOWN_VALUE)
            return ScalarType("INDEX") if isinstance(value, int | float) else UNKNOWN
        if isinstance(expr, ir.Attribute):
            bad = enum_member_error(expr.dotted)
            root = expr.dotted.split(".", 1)[0]
            if bad is not None:
                self.error("PTO-F9", expr.span, expr=expr.dotted, detail=bad)
            elif root and self._undefined(root):
                # The parser evaluates a non-DSL attribute chain in the closure: a NameError.
                detail = NAME_NOT_DEFINED.remark(name=root)
                self.error("PTO-F10", expr.span, expr=expr.dotted, detail=detail)
            return UNKNOWN
        if isinstance(expr, ir.Const):
            return ScalarType("FP32" if isinstance(expr.value, float) else "INDEX")
        if isinstance(expr, ir.BinOp):
            left = self.value(expr.left, ctx)
            right = self.value(expr.right, ctx)
            unsupported = _UNSUPPORTED_BINOPS.get(expr.op)
            if unsupported is not None and fold(expr, self.env) is UNKNOWN_VALUE:
                self.error("PTO-F41", expr.span, operator=unsupported)
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
            self.subscript_rank(base, expr)
            return subscript_type(base, expr.index, self.env)
        if isinstance(expr, ir.SliceExpr):
            for part in (expr.lower, expr.upper, expr.step):
                if part is not None:
                    self.value(part, ctx)
            return UNKNOWN
        if isinstance(expr, ir.Opaque):
            self.error("PTO-F28", expr.span, kind=expr.kind)
        return UNKNOWN

    def _takes_device_value(self, call: ir.Call) -> bool:
        """A call handed a tensor, tile or scalar of the function: it cannot be a compile-time closure
        expression, so the parser must route it (and a plain Python function has no route)."""
        args = [*call.args, *(k.value for k in call.keywords)]
        names = {e.id for a in args for e in walk_expr(a) if isinstance(e, ir.Name)}
        return any(isinstance(self._type(n), TensorType | TileType | ScalarType) for n in names)

    def _undefined(self, name: str) -> bool:
        """A name bound nowhere: not a DSL variable, a closure or module name, nor a builtin."""
        return (
            self._type(name) is None
            and not self._is_defined(name)
            and name not in self.env
            and name not in self.module_names
            and name not in _BUILTINS
        )

    def arg_value(self, expr: ir.Expr, ctx: _Ctx) -> ArgValue:
        """What the op registry gets for one argument."""
        if isinstance(expr, ir.Const):
            literal = expr.value
            if (
                isinstance(literal, int)
                and not isinstance(literal, bool)
                and literal.bit_length() > MAX_FOLDED_BITS
            ):
                return UNKNOWN  # a literal wider than any shape (its text alone could exhaust str())
            return literal
        if isinstance(expr, ir.Attribute):
            self.value(expr, ctx)
            value = attribute_value(expr.dotted)
            return None if value is UNKNOWN_VALUE else value  # type: ignore[return-value]
        if isinstance(expr, ir.ListExpr | ir.TupleExpr):
            return tuple(self.arg_value(e, ctx) for e in expr.elts)
        if isinstance(expr, ir.Name) and self._type(expr.id) is None:
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
                    "PTO-F35", call.func_span, name=func[5:], available=str(list(self.program_functions))
                )
            if target is not None and not call.star_kwargs:
                got = len(call.args) + len(call.keywords)
                required = sum(1 for p in target.params if p.default is None)
                if not required <= got <= len(target.params):
                    self.error(
                        "PTO-F36",
                        call.span,
                        name=target.name,
                        expected=len(target.params),
                        got=got,
                        parameters=", ".join(p.name for p in target.params),
                    )
            return target.return_type or UNKNOWN if target is not None else UNKNOWN
        short = func.rsplit(".", 1)[-1]
        if func.startswith(("pl.", "pld.")) and short in ("aiv_shard", "aic_gather"):
            return self.split_transfer(call, ctx)
        if func == "pl.func_attr":
            return UNKNOWN  # the parser reads its dict literal; it emits no IR (F44 / F45 check its place)
        if func in _FRONTEND_NAMES or not func.startswith(("pl.", "pld.")):
            for arg in call.args:
                self.value(arg, ctx)
            for kw in call.keywords:
                self.value(kw.value, ctx)
            if (
                self.function.decorator == "function"
                and _plain_python_function(self.env.get(func))
                and self._takes_device_value(call)
            ):
                self.error("PTO-F26", call.span, call=_call_text(call))
                return UNKNOWN
            if func == "pl.yield_" and call.args:
                return self.value(call.args[0], ctx)
            if (
                func == "pl.static_assert"
                and len(call.args) == 2
                and isinstance(call.args[1], ir.Const)
                and fold(call.args[0], self.env) is False
            ):
                condition = _expr_text(call.args[0])
                self.error("PTO-F32", call.span, text=call.args[1].value, condition=condition, value=False)
            if func == "pl.const":
                return ScalarType()
            return UNKNOWN
        args = [self.arg_value(a, ctx) for a in call.args]
        kwargs = {kw.name: self.arg_value(kw.value, ctx) for kw in call.keywords}
        problem = signature_error(call)
        if problem is not None:
            self.report_problem(op_error(func, problem), call.span)
            return UNKNOWN
        resolution = resolve_call(func, args, kwargs)
        self._fact(self.facts.calls, "call", call.span, resolution)
        if resolution.unknown:
            self.unknown_op(call)
            return UNKNOWN
        if self.syncall_enums(call):
            return UNKNOWN
        if resolution.error:
            self.report_problem(op_error(func, resolution.error), call.span)
            return UNKNOWN
        result = resolution.result
        if short == "set_validshape" and isinstance(result, TileType | TensorType) and result.rank == 2:
            extents = call.args[1:3] if len(call.args) >= 3 else []
            if len(extents) == 2:
                result = replace(result, valid=tuple(self._extent(e) for e in extents))
                patched = replace(resolution, result=result)
                self._fact(self.facts.calls, "call", call.span, patched)  # the passes see it too
        return result

    def _extent(self, expr: ir.Expr) -> int | str:
        """A valid extent: its folded int, or the text of the runtime value."""
        value = fold(expr, self.env)
        return value if isinstance(value, int) and not isinstance(value, bool) else _expr_text(expr)

    def _near_names(self, expr: ir.Name) -> tuple[Fix, ...]:
        """'Did you mean' fixes for an undefined name: the closest defined names of this scope."""
        memo = self._memo
        known = memo.read("names", None) if memo is not None else self._known_names()
        close = difflib.get_close_matches(
            expr.id, sorted(n for n in known if not n.startswith("__")), n=1, cutoff=0.75
        )
        return tuple(SuggestText(expr.span, name) for name in close)

    def unknown_op(self, call: ir.Call) -> None:
        """F1 / F2 / F3: a name the op namespaces do not define."""
        module, _, op = call.func.rpartition(".")
        if module == "pl":
            self.error("PTO-F1", call.func_span, fixes=_near_ops(call, "pl."), op=op)
        elif call.func.startswith("pld."):
            self.error("PTO-F3", call.func_span, op=call.func.removeprefix("pld."))
        elif module in _OP_CATEGORIES:
            self.error("PTO-F2", call.func_span, module=module, op=op)
        else:  # pl.<not a category>.<op>: the parser has no route for it
            self.error("PTO-F27", call.span, call=_call_text(call))

    def syncall_enums(self, call: ir.Call) -> bool:
        """Spec 003: syncall / sync_set / sync_wait take pl.KernelType / pl.SyncAllMode enums, not strings,
        and only the members of the op's domain; a soft syncall names its workspace. True when reported."""
        short = call.func.rsplit(".", 1)[-1]
        if short not in ("syncall", "sync_set", "sync_wait") or not call.func.startswith("pl."):
            return False
        found = False
        for name, enum in (("core_type", "KernelType"), ("mode", "SyncAllMode")):
            expr = call.kwarg(name)
            if isinstance(expr, ir.Const) and isinstance(expr.value, str):
                member = _ENUM_SPELLING.get((name, expr.value.lower()))
                fixes = (ReplaceText(expr.span, f"pl.{enum}.{member}"),) if member else ()
                self.error(
                    "PTO-SP5", expr.span, fixes=fixes, op=short, param=name, enum=enum, value=expr.value
                )
                found = True
            elif short != "syncall" and name == "core_type" and isinstance(expr, ir.Attribute):
                value = attribute_value(expr.dotted)
                if isinstance(value, EnumValue) and value.member == "MIX":
                    self.error("PTO-SP5b", expr.span, op=short, param=name, member=expr.dotted)
                    found = True
        mode = call.kwarg("mode")
        if short == "syncall" and isinstance(mode, ir.Attribute) and mode.dotted.endswith("SyncAllMode.SOFT"):
            missing = [k for k in ("gm_workspace", "used_cores") if call.kwarg(k) is None]
            if missing:
                self.error("PTO-SP7", call.span, missing=", ".join(missing))
                found = True
        return found

    def split_transfer(self, call: ir.Call, ctx: _Ctx) -> ValueType:
        """X-1 ... X-11: `pl.aiv_shard(x)` / `pl.aic_gather(x)`."""
        op = call.func.rsplit(".", 1)[-1]
        operand_type: ValueType = UNKNOWN
        for arg in call.args:
            operand_type = self.value(arg, ctx)
        ok = True
        for kw in call.keywords:
            if kw.name == "mode":
                self.error("PTO-X1", call.span, op=op)
                ok = False
            elif kw.name not in ("split", "lane_stride"):
                self.error("PTO-X2", call.span, op=op, kw=kw.name)
                ok = False
        if not ok:
            return UNKNOWN
        if len(call.args) != 1:
            action = "shard" if op == "aiv_shard" else "gather"
            self.error("PTO-X3", call.span, op=op, action=action, n=len(call.args))
            return UNKNOWN
        if isinstance(operand_type, TensorType) and operand_type.distributed:
            self.error("PTO-X4", call.span, op=op)
            return UNKNOWN
        split_kw = call.kwarg("split")
        lane_stride = call.kwarg("lane_stride")
        attrs: dict[str, int] = {}
        if ctx.region_span is not None:
            if split_kw is not None:
                self.error("PTO-X5", call.span, op=op)
                return UNKNOWN
            if lane_stride is not None:
                self.error("PTO-X11", call.span, op=op)
                return UNKNOWN
            split = SPLIT_MODES.get(ctx.region_mode or "NONE", 0)
        elif split_kw is not None:
            if isinstance(operand_type, TensorType):
                self.error("PTO-X6", call.span, op=op)
                return UNKNOWN
            value = fold(split_kw, self.env)
            if not isinstance(value, int) or isinstance(value, bool):
                self.error("PTO-X7", call.span, op=op, expr=_expr_text(split_kw))
                return UNKNOWN
            split = value
            if op == "aic_gather" and lane_stride is not None:
                self.error("PTO-X8", call.span)
                return UNKNOWN
            if lane_stride is not None:
                stride = fold(lane_stride, self.env)
                if not isinstance(stride, int) or isinstance(stride, bool):
                    self.error("PTO-X9", call.span, op=op, expr=_expr_text(lane_stride))
                    return UNKNOWN
                attrs["lane_stride"] = stride
        else:
            self.error("PTO-X10", call.span, op=op)
            return UNKNOWN
        kind = "tensor" if isinstance(operand_type, TensorType) else "tile"
        resolution = resolve_call(f"pl.{kind}.{op}", [operand_type], {"split": split, **attrs})
        self._fact(self.facts.calls, "call", call.span, resolution)
        if resolution.error:
            # The boundary deducers' own rules (D-2 ... D-11) reach the user as they are; anything else in
            # the parser's function-level wrapper.
            if resolution.error.rule in boundary_deducers.BOOK.rules:
                self.report_problem(resolution.error, call.span)
            else:
                self.report_problem(
                    catalog.problem("PTO-F18", function=self.function.name, detail=resolution.error),
                    call.span,
                )
            return UNKNOWN
        return resolution.result

    def report_problem(self, problem: Problem, span: Span) -> None:
        """Report a problem (an op's wrapped error) at the call."""
        fields: dict[str, Any] = dict(problem.fields)
        self.error(problem.code, span, **fields)


_SLOT_CODES = {
    "split": ("PTO-O11b", "PTO-O12"),
    "slot_num": ("PTO-O11", "PTO-O12"),
    "local_slot_num": ("PTO-SP6c", "PTO-SP6"),
}
"""(not an integer literal, not positive) codes of each slot count."""


def signature_error(call: ir.Call) -> Problem | None:
    """The TypeError Python raises when a DSL wrapper is called with arguments that do not fit its
    parameter list (a PTO-SG* rule; the parser wraps it in its op error)."""
    signature = SIGNATURES.get(call.func)
    if signature is None or call.star_kwargs:
        return None
    positional, required, kwonly, kw_required, varargs, varkw = signature
    function = call.func.rpartition(".")[2]
    given = len(call.args)
    if given > len(positional) and not varargs:
        takes = (
            str(len(positional)) if required == len(positional) else f"from {required} to {len(positional)}"
        )
        return catalog.problem(
            "PTO-SG1",
            function=function,
            takes=takes,
            s="" if takes == "1" else "s",
            given=given,
            was="was" if given == 1 else "were",
        )
    names = [kw.name for kw in call.keywords]
    for name in names:
        if name in positional[:given]:
            return catalog.problem("PTO-SG2", function=function, name=name)
        if name not in positional and name not in kwonly and not varkw:
            return catalog.problem("PTO-SG3", function=function, name=name)
    for code, missing in (
        ("PTO-SG4", [p for p in positional[given:required] if p not in names]),
        ("PTO-SG5", [k for k in kw_required if k not in names]),
    ):
        if missing:
            plural = "s" if len(missing) > 1 else ""
            return catalog.problem(
                code, function=function, count=len(missing), s=plural, names=_listed(missing)
            )
    return None


_OP_CATEGORIES = frozenset({"pl.tensor", "pl.tile", "pl.system", "pl.array", "pl.prefetch"})
"""The `pl.<category>.<op>` namespaces the parser routes (anything else is unsupported)."""


def _plain_python_function(value: object) -> bool:
    """A module-level `def` without decorators (or a lambda): a Python function, not a DSL one."""
    if not isinstance(value, FunctionValue):
        return False
    return isinstance(value.node, ast.Lambda) or not value.node.decorator_list


def _call_text(call: ir.Call) -> str:
    """The call as `ast.unparse` writes it (nested calls abbreviated)."""
    parts = [_expr_text(a) for a in call.args] + [f"{k.name}={_expr_text(k.value)}" for k in call.keywords]
    return f"{call.func}({', '.join(parts)})"


def _static(vtype: object) -> bool:
    return isinstance(vtype, TensorType | TileType) and all(isinstance(d, int) for d in vtype.shape)


def _retyped(old: object, new: object) -> bool:
    """A rebinding the non-SSA parser rejects: both types fully known, and the kind, shape or dtype differ."""
    if not (_static(old) and _static(new)):
        return False
    assert isinstance(old, TensorType | TileType) and isinstance(new, TensorType | TileType)
    return type(old) is not type(new) or old.shape != new.shape or old.dtype != new.dtype


def _printed_type(vtype: object) -> str:
    """The parser's python_print_type spelling: `pl.Tensor[[64, 64], pl.FP32]`."""
    if isinstance(vtype, TensorType):
        return f"pl.Tensor[[{', '.join(map(str, vtype.shape))}], pl.{vtype.dtype}]"
    if isinstance(vtype, TileType):
        memory = f", pl.Mem.{vtype.memory}" if vtype.memory else ""
        return f"pl.Tile[[{', '.join(map(str, vtype.shape))}], pl.{vtype.dtype}{memory}]"
    return str(vtype)


def _listed(names: list[str]) -> str:
    """Python's wording of a list of parameter names: 'a', 'a' and 'b', 'a', 'b', and 'c'."""
    quoted = [f"'{n}'" for n in names]
    if len(quoted) <= 2:
        return " and ".join(quoted)
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


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
