"""The statement walk of the parse-stage checks: upstream ast_parser's checks plus op typing, one function
at a time.

Walks each function once with a scope context, reporting every independent fault (upstream stops at
the first). Produces the types of named values and the resolution of every op call for the passes. The
walk owns bodies, statements, bindings and loops; expressions, scopes and split_aiv loops and transfers
are checked by the modules beside it, which it builds and wires together here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from compiler import budget, catalog, ir
from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.frontend.checks.annotations import check_annotation, check_annotation_form
from compiler.frontend.checks.attribute_reads import check_attribute_reads
from compiler.frontend.checks.carried_types import check_if_yield, check_loop_yield, yielded_types
from compiler.frontend.checks.expressions import (
    WINDOW_BUFFER_ALLOCS,
    ExpressionTyper,
    outside_host,
)
from compiler.frontend.checks.facts import FunctionFacts
from compiler.frontend.checks.scopes import ScopeChecks
from compiler.frontend.checks.spelling import expr_text, printed_type, unparse
from compiler.frontend.checks.split_aiv import SplitAivChecks
from compiler.frontend.checks.state import CheckedPrefix, CheckState, StatementChecks, WalkContext
from compiler.frontend.checks.statement_forms import check_assignment_form, check_scope_literals
from compiler.frontend.checks.submit_forms import check_submit_statement, submit_result_types
from compiler.frontend.checks.subscript_forms import check_write_form
from compiler.frontend.checks.subscript_write import check_subscript_write
from compiler.frontend.checks.type_annotations import check_local_annotation
from compiler.frontend.checks.valid_rebind import valid_retyped
from compiler.frontend.checks.while_cond import check_loop_carries
from compiler.frontend.consts import UNKNOWN_VALUE, fold
from compiler.ir_walk import child_blocks, names_in
from compiler.ops.deducers.core import format_shape
from compiler.ops.resolve import resolve_call
from compiler.source import Span
from compiler.types import UNKNOWN, ArrayType, ScalarType, TensorType, TileType, ValueType
from compiler.vocabulary import EnumValue, dsl_constant

# The keywords _parse_range_keyword reads, then the newer pl.parallel ones real code already writes (silent).
_RANGE_KEYWORDS = ("init_values", "stage", "attrs", "chunk", "chunk_policy")
LOOP_KINDS = ("range", "parallel", "unroll", "pipeline", "while_", "spmd", "split_aiv")


_DECORATOR_ONLY_ATTRS = frozenset({"auto_scope", "external_source"})
"""Function attributes the parser reads from the decorator before the body (not from pl.func_attr)."""


MIN_RUN = 4  # the fewest leading statements of a nested body kept as one step


class FunctionChecker:
    """Runs the parser-level checks over one function."""

    def __init__(
        self,
        function: ir.Function,
        env: Mapping[str, object],
        module_names: frozenset[str],
        program_functions: Mapping[str, ir.Function],
        report: Callable[[Diagnostic], None],
        memo: StatementChecks | None = None,
        whole: Callable[[ir.Stmt], bool] | None = None,
    ) -> None:
        self.function = function
        # Statements the memo records as one step, none of their nested statements on its own: code
        # spliced from another module, never edited in this document (its nested steps were most of what
        # a cold open recorded, for no reuse).
        self.whole = whole
        self.inside_whole = False
        self.state = CheckState(function, env, module_names, program_functions, report, memo)
        self.split_aiv = SplitAivChecks(self.state)
        self.expressions = ExpressionTyper(self.state, transfers=self.split_aiv)
        self.scopes = ScopeChecks(self.state, typer=self.expressions)

    def run(self) -> FunctionFacts:
        """Check the whole function body."""
        in_core = self.function.func_type in ("InCore", "AIC", "AIV")
        self.func_attr_prologue()
        if self.function.strict_ssa:
            self.single_assignment(self.function.body, {p.name for p in self.function.params})
        self.block(self.function.body, WalkContext(in_core=in_core, scope_split=None))
        self.param_valid_ranks()
        return self.state.facts

    def param_valid_ranks(self) -> None:
        """TD233: TypeCheck, on a function that parsed, rejects a parameter whose pl.TensorView valid_shape has
        another rank than its shape (the parser keeps the annotation as written)."""
        if self.state.facts.bad:
            return  # the parse stopped: TypeCheck never runs
        for index, param in enumerate(self.function.params):
            ptype = param.type
            if not isinstance(ptype, TensorType) or ptype.written_valid is None or "?" in ptype.written_valid:
                continue
            found = diagnostic(
                "PTO-TD233",
                param.span,
                subject=f"Function '{self.function.name}' parameter[{index}] '{param.name}'",
                valid_rank=len(ptype.written_valid),
                valid=format_shape(ptype.written_valid),
                rank=ptype.rank,
                shape=format_shape(ptype.shape),
            )
            self.state.emit(found, bad=True)

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
                            self.state.error("PTO-F42", name.span, name=name.id)
                        defined.add(name.id)
            for nested in child_blocks(stmt):
                self.single_assignment(nested, set())

    def func_attr_prologue(self) -> None:
        """F44 / F45: `pl.func_attr({...})` calls open the body (the parser merges every leading one) and take
        a dict literal."""
        in_prologue = True
        declared = self.decorator_attrs()
        for stmt in self.function.body:
            call = stmt.value if isinstance(stmt, ir.ExprStmt) and isinstance(stmt.value, ir.Call) else None
            if call is None or call.func != "pl.func_attr":
                in_prologue = False
                continue
            if not in_prologue:
                self.state.error("PTO-F44", call.span, function=self.function.name)
            elif len(call.args) != 1 or call.keywords or call.star_kwargs:
                self.state.error("PTO-F89", stmt.span)
            elif not (isinstance(call.args[0], ir.Opaque) and call.args[0].kind == "Dict"):
                self.state.error("PTO-F45", call.args[0].span)
            else:
                self.func_attr_keys(stmt, call.args[0], declared)

    def func_attr_keys(self, stmt: ir.Stmt, attrs: ir.Opaque, declared: dict[str, int]) -> None:
        """F90 ... F94: the keys of one pl.func_attr dict, checked as the parser merges them (the first fault
        of a call ends it); `declared`: the keys declared so far (by the decorator's attrs= too)."""
        for text, span in attrs.other_keys:
            if text == "**":
                self.state.error("PTO-F90", stmt.span)
            else:
                self.state.error("PTO-F91", span, key=text)
            return
        keys: list[str] = []
        for key, _ in attrs.entries:
            if key in keys:
                self.state.error("PTO-F92", stmt.span, key=key)
                return
            if key in _DECORATOR_ONLY_ATTRS:
                self.state.error("PTO-F93", stmt.span, key=key)
                return
            keys.append(key)
        for key in keys:
            if declared.get(key, 0) > 0:
                self.state.error("PTO-F94", stmt.span, key=key, function=self.function.name)
                return
        for key in keys:
            declared[key] = declared.get(key, 0) + 1

    def decorator_attrs(self) -> dict[str, int]:
        """The keys the decorator's attrs= declares: the function's attributes less those of the body's
        pl.func_attr dicts (the parser model merges both into `Function.attrs`)."""
        counts: dict[str, int] = {}
        for key, _ in self.function.attrs:
            counts[key] = counts.get(key, 0) + 1
        for stmt in self.function.body:
            call = stmt.value if isinstance(stmt, ir.ExprStmt) and isinstance(stmt.value, ir.Call) else None
            if call is None or call.func != "pl.func_attr":
                break
            first = call.args[0] if call.args else None
            if isinstance(first, ir.Opaque):
                for key, _ in first.entries:
                    counts[key] = counts.get(key, 0) - 1
        return {key: n for key, n in counts.items() if n > 0}

    # ------------------------------------------------------------ statements
    def block(self, stmts: tuple[ir.Stmt, ...], ctx: WalkContext) -> None:
        """Check a statement list in order."""
        self.state.open_body()
        memo = self.state.memo
        if memo is not None and stmts is self.function.body and not self.inside_whole:
            self._body(stmts, ctx, memo)
        elif memo is not None and not self.inside_whole and len(stmts) >= MIN_RUN:
            self._nested_body(stmts, ctx, memo)
        else:
            for stmt in stmts:
                self.stmt(stmt, ctx)
        self.state.close_body()

    def _nested_body(self, stmts: tuple[ir.Stmt, ...], ctx: WalkContext, memo: StatementChecks) -> None:
        """A nested body, its run of leading statements reused at once (`Recorded.reuse_run`) while they
        are the same objects and read what they read last version: typing inside a long loop replays
        one step for the statements before the edit, not each of them. The run that ends at this
        version's first statement checked again is kept for the next version."""
        context = (self.state.depth, *ctx.key())
        memo.begin(scope=self.state.depth)  # the run, recorded as one step
        start = 0
        found = memo.reuse_run(stmts, context)
        if found is not None:
            memo.replay(found)
            start = len(found.node)  # type: ignore[arg-type]
        running = True
        for index in range(start, len(stmts)):
            stmt = stmts[index]
            reused = memo.reuse(stmt, context)
            if reused is not None:
                memo.replay(reused)
                continue
            if running:
                running = False
                if index > start and index >= MIN_RUN:
                    memo.end_run(stmts[:index], context)
                else:
                    memo.abandon()  # what the frame took goes to the step around it, as without it
            self._record(stmt, ctx, memo, context)
        if running:
            memo.abandon()

    def _body(self, stmts: tuple[ir.Stmt, ...], ctx: WalkContext, memo: StatementChecks) -> None:
        """The function body, from the end of the last version's reused run of leading statements when
        the body still starts with them (`CheckedPrefix`); the state where this version's run of reused
        statements ends is kept for the next version."""
        state = self.state
        context = (state.depth, *ctx.key())
        before = state.copy()
        prefix = memo.prefix
        start = 0
        if prefix is not None and prefix.applies(stmts, context, before):
            state.take(before, prefix.after)
            memo.keep(prefix.steps)
            start = len(prefix.stmts)
        first_miss = True
        for index in range(start, len(stmts)):
            stmt = stmts[index]
            found = memo.reuse(stmt, context)
            if found is not None:
                memo.replay(found)
                continue
            if first_miss and index > start:
                # The first statement checked again: the statements before it ran as last time.
                keys = [memo.key(s, context) for s in stmts[:index]]
                memo.prefix = CheckedPrefix(stmts[:index], context, before, state.copy(), memo.steps_of(keys))
            first_miss = False
            self._record(stmt, ctx, memo, context)

    def stmt(self, stmt: ir.Stmt, ctx: WalkContext) -> None:
        """Check one statement; one whose recorded reads give what they gave last version replays what
        it did then."""
        memo = self.state.memo
        if memo is None or self.inside_whole:  # inside a whole step: its reads and writes are the step's
            self._check(stmt, ctx)
            return
        context = (self.state.depth, *ctx.key())
        found = memo.reuse(stmt, context)
        if found is not None:
            memo.replay(found)
            return
        self._record(stmt, ctx, memo, context)

    def _record(
        self, stmt: ir.Stmt, ctx: WalkContext, memo: StatementChecks, context: tuple[object, ...]
    ) -> None:
        """Check a statement as a new step of the memo."""
        whole = self.whole is not None and self.whole(stmt)
        memo.begin(scope=self.state.depth)
        self.inside_whole = whole
        try:
            self._check(stmt, ctx)
        except BaseException:
            memo.abandon()
            raise
        finally:
            self.inside_whole = False
        memo.end(stmt, context)

    def condition(self, kind: str, test: ValueType, header: Span) -> None:
        """The parser takes no truthiness: an if / while condition is a BOOL scalar (a scalar whose dtype the
        parser surely gives otherwise is an error; anything the model types less surely stays silent)."""
        if isinstance(test, ScalarType) and test.exact and test.dtype != "BOOL":
            self.state.error("PTO-F200", header, kind=kind, type=f"pl.Scalar[pl.{test.dtype}]")

    def _check(self, stmt: ir.Stmt, ctx: WalkContext) -> None:
        budget.check()
        check_attribute_reads(self.state, stmt)
        self.window_buffer(stmt, ctx)
        value = self.expressions.value
        bad_targets = check_submit_statement(self.state, stmt)
        if isinstance(stmt, ir.Assign):
            if stmt.declared is None:
                check_assignment_form(self.state, stmt)
            value_type = value(stmt.value, ctx)
            if check_annotation_form(self.state, stmt.annotation):
                check_annotation(self.state, stmt, value_type)
                if stmt.annotation is not None:
                    check_local_annotation(self.state, stmt)
            if stmt.declared is not None:
                value_type = stmt.declared
            self.tpop_memory(stmt)
            for target in stmt.targets:
                if bad_targets:  # the parser stops at the submit's targets: bind their names only
                    for name in _names_in(target):
                        self.state.define(name.id, UNKNOWN)
                else:
                    # An annotated rebinding takes the annotation's type, whose TileView the model does not read.
                    plain = len(stmt.targets) == 1 and stmt.annotation is None and stmt.declared is None
                    self.bind(target, value_type, ctx, stmt.value if plain else None)
            for result_name, result in submit_result_types(self.state, stmt) if not bad_targets else ():
                self.state.define(result_name, result)
        elif isinstance(stmt, ir.ExprStmt):
            value(stmt.value, ctx)
        elif isinstance(stmt, ir.Return):
            if stmt.value is not None:
                value(stmt.value, ctx)
        elif isinstance(stmt, ir.For):
            self.for_loop(stmt, ctx)
        elif isinstance(stmt, ir.While):
            self.condition("while", value(stmt.test, ctx), stmt.header)
            self.block(stmt.body, ctx.child(loops=[*ctx.loops, "while"]))
        elif isinstance(stmt, ir.If):
            self.condition("if", value(stmt.test, ctx), stmt.header)
            self.block(stmt.body, ctx)
            # Read each branch's yielded types right after it: the names may be the same in both branches.
            then = yielded_types(self.state, stmt.body) if stmt.orelse else None
            self.block(stmt.orelse, ctx)
            if then is not None:
                check_if_yield(self.state, stmt, then, yielded_types(self.state, stmt.orelse))
        elif isinstance(stmt, ir.With):
            check_scope_literals(self.state, stmt)
            self.block(stmt.body, self.scopes.with_scope(stmt, ctx))
        elif isinstance(stmt, ir.Simple) and stmt.kind in ("break", "continue"):
            innermost = ctx.loops[-1] if ctx.loops else None
            code = {None: "PTO-F19", "split_aiv": "PTO-P11", "parallel": "PTO-F20", "unroll": "PTO-F21"}.get(
                innermost
            )
            if code is not None:
                self.state.error(code, stmt.span, keyword=stmt.kind)

    def bind(
        self, target: ir.Expr, value_type: ValueType, ctx: WalkContext, value: ir.Expr | None = None
    ) -> None:
        """Record the names an assignment defines (`value`: the expression a single target is bound to)."""
        state = self.state
        if isinstance(target, ir.Name):
            # Only a rebinding within one body: whether a nested body's rebinding reuses the outer
            # variable depends on the scope rules, and an unsure model stays silent.
            previous = state.bound_in_body(target.id)
            if state.depth:
                state.rebind((state.depth, target.id), value_type)
            if self.function.decorator == "function" and _retyped(previous, value_type):
                state.error(
                    "PTO-F22",
                    target.span,
                    name=target.id,
                    old_type=printed_type(previous),
                    new_type=printed_type(value_type),
                )
            elif self.function.decorator == "function" and value is not None:
                regions = valid_retyped(target.id, previous, value_type, value)
                if regions is not None:
                    state.error(
                        "PTO-F22", target.span, name=target.id, old_type=regions[0], new_type=regions[1]
                    )
            state.define(target.id, value_type)
        elif isinstance(target, ir.TupleExpr | ir.ListExpr):
            for elt in target.elts:
                self.bind(elt, UNKNOWN, ctx)
        elif isinstance(target, ir.Subscript):
            if check_write_form(self.state, target):
                return
            if not isinstance(target.value, ir.Name):  # `a.b[...] = src`: the parser names the target first
                self.state.error("PTO-F271", target.span, target=unparse(target.value))
                return
            base = self.expressions.value(target.value, ctx)
            self.expressions.value(target.index, ctx)
            if isinstance(base, ScalarType):
                self.state.error("PTO-F272", target.span, type="ScalarType")
                return
            if (
                isinstance(base, ArrayType)
                and value is not None
                and not isinstance(target.index, ir.TupleExpr)
            ):
                self.array_write(target, base, value, ctx)
                return
            check_subscript_write(self.state, target, base, value_type)

    def array_write(self, target: ir.Subscript, base: ArrayType, value: ir.Expr, ctx: WalkContext) -> None:
        """`arr[i] = v`: the parser builds array.update_element itself (no op wrapper), so its deducer's error
        reaches the function's own wrapper ('Failed to parse function ...', on the def line)."""
        index = self.expressions.arg_value(target.index, ctx)
        written = self.expressions.arg_value(value, ctx)
        resolution = resolve_call("pl.array.update_element", [base, index, written], {})
        if resolution.error is not None:
            state = self.state
            detail = catalog.problem("PTO-F18", function=state.function.name, detail=resolution.error)
            state.report_problem(detail, state.function.header)

    def window_buffer(self, stmt: ir.Stmt, ctx: WalkContext) -> None:
        """F142 ... F145: `buf = pld.alloc_window_buffer(...)` in a host function, bound to one name, unnamed."""
        self.expressions.statement_alloc = None
        if not isinstance(stmt, ir.Assign | ir.ExprStmt):
            return
        call = stmt.value
        if not isinstance(call, ir.Call) or call.func not in WINDOW_BUFFER_ALLOCS:
            return
        self.expressions.statement_alloc = call
        state = self.state
        level = outside_host(self.function, ctx)
        if level is not None:
            state.error("PTO-F142", call.span, level=level)
        elif isinstance(stmt, ir.ExprStmt) or stmt.annotation is not None:
            # An annotated assignment is no simple one: the parser's op parse meets the call.
            state.error("PTO-F145", call.span)
        elif len(stmt.targets) != 1 or not isinstance(stmt.targets[0], ir.Name):
            state.error("PTO-F143", call.span, target=", ".join(expr_text(t) for t in stmt.targets))
        elif call.kwarg("name") is not None:
            state.error("PTO-F144", call.span, name=stmt.targets[0].id)

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
        named = [dsl_constant(p.dotted) for p in parts if isinstance(p, ir.Attribute)]
        spaces = [v.member for v in named if isinstance(v, EnumValue) and v.enum == "MemorySpace"]
        if spaces and spaces[-1] != required:
            self.state.emit(
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

    # ------------------------------------------------------------ loops
    def for_loop(self, stmt: ir.For, ctx: WalkContext) -> None:
        """Check a for loop and its iterator kind."""
        call = stmt.iter
        if stmt.kind not in LOOP_KINDS or not call.func.startswith("pl."):
            self.state.error("PTO-F5", call.span)
            self._loop_body(stmt, ctx.child(loops=[*ctx.loops, "range"]))
            return
        for arg in call.args:
            self.expressions.value(arg, ctx)
        if not self.loop_form(stmt):
            # The parser stops here: every name of the target is bound, of no known type, so the body's reads of
            # them raise nothing more.
            body_ctx = ctx.child(loops=[*ctx.loops, stmt.kind])
            self.bind(stmt.target, UNKNOWN, body_ctx)
            self.block(stmt.body, body_ctx)
            return
        if stmt.kind in ("range", "parallel", "unroll", "pipeline", "while_"):
            bare = _bare_yield(stmt.body) if call.kwarg("init_values") is not None else None
            if (
                stmt.kind != "while_"
                and isinstance(stmt.target, ir.Name)
                and call.kwarg("init_values") is not None
            ):
                self.state.error("PTO-F70", stmt.target.span)
            elif bare is not None:
                self.state.error("PTO-F81", bare.span)
            elif stmt.kind != "while_":
                self.loop_arguments(call, stmt.kind)
            if _outermost(ctx) and (carries := _carries(stmt)):
                check_loop_carries(self.state, stmt, carries, self.function)
        if stmt.kind == "split_aiv":
            self.block(stmt.body, self.split_aiv.loop(stmt, ctx))
            return
        if stmt.kind == "spmd":
            self._loop_body(stmt, self.scopes.spmd_loop(stmt, ctx))
            return
        self._loop_body(stmt, ctx.child(loops=[*ctx.loops, stmt.kind]))

    def loop_form(self, stmt: ir.For) -> bool:
        """F114 ... F125: the target, the positional stop, init_values= and attrs= of a range-like loop, and the
        shape of a pl.while_ loop, in the parser's order. False when one is reported."""
        state, call, target = self.state, stmt.iter, stmt.target
        if stmt.kind == "while_":
            return self._while_form(stmt)
        if stmt.kind not in ("range", "parallel", "unroll", "pipeline"):
            return True
        pair = isinstance(target, ir.TupleExpr) and len(target.elts) == 2
        if isinstance(target, ir.TupleExpr) and pair and not isinstance(target.elts[0], ir.Name):
            state.error("PTO-F114b", target.elts[0].span)
            return False
        if not (isinstance(target, ir.Name) or pair):
            state.error("PTO-F114", target.span)
            return False
        if not call.args:
            state.error("PTO-F121", call.span, kind=stmt.kind)
            return False
        for kw in call.keywords:
            if kw.name not in _RANGE_KEYWORDS:
                supported = ", ".join(
                    k for k in _RANGE_KEYWORDS[:3] if k != "stage" or stmt.kind == "pipeline"
                )
                state.error("PTO-F131", kw.span, kw=kw.name, kind=stmt.kind, supported=supported)
                return False
            if kw.name == "init_values" and not isinstance(kw.value, ir.TupleExpr | ir.ListExpr):
                state.error("PTO-F118", kw.value.span)
                return False
            if kw.name == "attrs":
                if not (isinstance(kw.value, ir.Opaque) and kw.value.kind == "Dict"):
                    state.error("PTO-F119", kw.value.span)
                    return False
                if kw.value.other_keys:
                    state.error("PTO-F120", kw.value.other_keys[0][1])
                    return False
        inits = call.kwarg("init_values")
        if isinstance(target, ir.TupleExpr) and isinstance(inits, ir.TupleExpr | ir.ListExpr):
            return self._iter_args(target.elts[1], len(inits.elts))
        return True

    def _iter_args(self, node: ir.Expr, values: int) -> bool:
        """F115 / F116: the carried names of a loop with init_values=."""
        state = self.state
        if not isinstance(node, ir.TupleExpr):
            state.error("PTO-F115", node.span)
            return False
        if len(node.elts) != values:
            state.error("PTO-F116", node.span, names=len(node.elts), values=values)
            return False
        return True

    def _while_form(self, stmt: ir.For) -> bool:
        """F118b / F122 ... F125 and F116: `for (a, ...) in pl.while_(init_values=(...))`."""
        state, call = self.state, stmt.iter
        if call.args:
            state.error("PTO-F122", call.span)
            return False
        inits = call.kwarg("init_values")
        if inits is not None and not isinstance(inits, ir.TupleExpr | ir.ListExpr):
            state.error("PTO-F118b", inits.span)
            return False
        if call.star_kwargs:
            return True
        if not (isinstance(inits, ir.TupleExpr | ir.ListExpr) and inits.elts):
            state.error("PTO-F123", call.span)
            return False
        first = stmt.body[0] if stmt.body else None
        opens_with_cond = (
            isinstance(first, ir.ExprStmt)
            and isinstance(first.value, ir.Call)
            and first.value.func == "pl.cond"
        )
        if first is not None and not opens_with_cond:
            state.error("PTO-F124", first.span)
            return False
        if not isinstance(stmt.target, ir.TupleExpr):
            state.error("PTO-F125", stmt.target.span)
            return False
        return self._iter_args(stmt.target, len(inits.elts))

    def loop_arguments(self, call: ir.Call, kind: str) -> None:
        """F58 ... F62: init_values= and the step of pl.unroll, stage= of pl.pipeline, in the parser's order.
        A bound or stage that does not fold stays silent (it may be a constant we cannot see)."""
        state = self.state
        if kind == "unroll":
            if call.kwarg("init_values") is not None:
                state.error("PTO-F61", call.span)
                return
            if any(self._runtime_value(bound) for bound in call.args[:3]):
                state.error("PTO-F112", call.span)
                return
            step = call.args[2] if len(call.args) > 2 else call.kwarg("step")
            value = fold(step, state.env) if step is not None else None
            if isinstance(value, int) and not isinstance(value, bool) and value == 0:
                state.error("PTO-F62", call.span)
                return
            trips = _unroll_trip_count(call, state.env)
            if trips is not None and trips > MAX_UNROLL_ITERATIONS:
                state.error("PTO-FT21", call.span, trips=trips, limit=MAX_UNROLL_ITERATIONS)
                return
        stage = call.kwarg("stage")
        if kind == "pipeline":
            if stage is None and not call.star_kwargs:
                state.error("PTO-F58", call.span)
                return
            if stage is not None and self._runtime_value(stage):
                state.error("PTO-F113", call.span)
                return
            value = fold(stage, state.env)
            if isinstance(value, int) and not isinstance(value, bool) and value < 1:
                state.error("PTO-F59", call.span, value=value)
        elif stage is not None:
            state.error("PTO-F60", call.span, kind=kind)

    def _runtime_value(self, expr: ir.Expr) -> bool:
        """Whether an expression is certainly not a compile-time constant: it does not fold and reads a scalar
        of the body (a loop variable, an assigned name) or a scalar parameter of a non-JIT function (a JIT entry
        may specialise its scalars)."""
        state = self.state
        if fold(expr, state.env) is not UNKNOWN_VALUE:
            return False
        params = {p.name for p in self.function.params}
        for name in names_in(expr):
            if name in state.env or not isinstance(state.type_of(name), ScalarType):
                continue
            if name not in params or self.function.decorator == "function":
                return True
        return False

    def _loop_body(self, stmt: ir.For, ctx: WalkContext) -> None:
        target = stmt.target
        inits = stmt.iter.kwarg("init_values")
        carries: tuple[ir.Expr, ...] = ()
        init_types: list[ValueType] = []
        if stmt.kind == "while_" and isinstance(target, ir.TupleExpr) and inits is not None:
            # `for (acc, i) in pl.while_(init_values=(a0, 0))`: no index, every name is a carry of its init's type.
            carries = target.elts
        elif isinstance(target, ir.TupleExpr) and len(target.elts) == 2 and inits is not None:
            # `for i, (acc, ...) in pl.range(..., init_values=(a0, ...))`: each carry has its init's type.
            self.bind(target.elts[0], ScalarType("INDEX"), ctx)
            carries = target.elts[1].elts if isinstance(target.elts[1], ir.TupleExpr) else (target.elts[1],)
        else:
            self.bind(target, ScalarType("INDEX"), ctx)
        if inits is not None and carries:
            values = inits.elts if isinstance(inits, ir.TupleExpr | ir.ListExpr) else (inits,)
            for carry, init in zip(carries, values, strict=False):
                init_types.append(self.expressions.value(init, ctx))
                if not isinstance(carry, ir.Subscript):  # no element write: the parser rejects it (F216)
                    self.bind(carry, init_types[-1], ctx)
            if len(values) != len(carries):
                carries = ()
        self.block(stmt.body, ctx)
        if carries and stmt.kind != "spmd":
            check_loop_yield(self.state, stmt, carries, init_types, yielded_types(self.state, stmt.body))


MAX_UNROLL_ITERATIONS = 1024
"""UnrollLoops' kMaxUnrollIterations: the most bodies one pl.unroll loop may expand into."""


def _unroll_trip_count(call: ir.Call, env: Mapping[str, object]) -> int | None:
    """The trip count of `pl.unroll(stop)` / `pl.unroll(start, stop[, step])` when every bound folds to an int,
    computed as UnrollLoops does (0 for an empty range); None when a bound is unknown."""
    bounds = list(call.args[:3])
    if len(bounds) == 2 and call.kwarg("step") is not None:
        bounds.append(call.kwarg("step"))  # type: ignore[arg-type]
    values: list[object] = [fold(arg, env) for arg in bounds]
    if len(values) == 1:
        values.insert(0, 0)
    if len(values) == 2:
        values.append(1)
    if len(values) != 3 or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return None
    start, stop, step = (int(v) for v in values)  # type: ignore[call-overload]
    if step > 0 and start < stop:
        return (stop - start + step - 1) // step
    if step < 0 and start > stop:
        return (start - stop - step - 1) // -step
    return 0


def _bare_yield(body: tuple[ir.Stmt, ...]) -> ir.ExprStmt | None:
    """The first `pl.yield_(...)` statement without a target in a loop body, through if / with bodies but not
    into nested loops (whose yields are their own)."""
    for stmt in body:
        if (
            isinstance(stmt, ir.ExprStmt)
            and isinstance(stmt.value, ir.Call)
            and stmt.value.func == "pl.yield_"
        ):
            return stmt
        if isinstance(stmt, ir.If):
            found = _bare_yield(stmt.body) or _bare_yield(stmt.orelse)
            if found is not None:
                return found
        elif isinstance(stmt, ir.With):
            found = _bare_yield(stmt.body)
            if found is not None:
                return found
    return None


def _static(vtype: object) -> bool:
    return isinstance(vtype, TensorType | TileType) and all(isinstance(d, int) for d in vtype.shape)


def _retyped(old: object, new: object) -> bool:
    """A rebinding the non-SSA parser rejects: both types fully known, and the kind, shape or dtype differ."""
    if not (_static(old) and _static(new)):
        return False
    assert isinstance(old, TensorType | TileType) and isinstance(new, TensorType | TileType)
    return type(old) is not type(new) or old.shape != new.shape or old.dtype != new.dtype


def _names_in(target: ir.Expr) -> list[ir.Name]:
    """The names of an assignment target, through its tuples."""
    if isinstance(target, ir.Name):
        return [target]
    if isinstance(target, ir.TupleExpr | ir.ListExpr):
        return [n for elt in target.elts for n in _names_in(elt)]
    return []


def _outermost(ctx: WalkContext) -> bool:
    """Outside every loop and scope, whose own exits could replace the error a while body raises."""
    return not ctx.loops and ctx.scope_span is None and not ctx.in_cluster and not ctx.in_manual_scope


def _carries(stmt: ir.For) -> tuple[ir.Expr, ...]:
    """The carried targets of a loop with init_values= (`for (a, b) in pl.while_`, `for i, (a, b) in pl.range`)."""
    target = stmt.target
    if stmt.iter.kwarg("init_values") is None or not isinstance(target, ir.TupleExpr):
        return ()
    if stmt.kind == "while_":
        return target.elts
    if len(target.elts) == 2 and isinstance(target.elts[1], ir.TupleExpr):
        return target.elts[1].elts
    return ()
