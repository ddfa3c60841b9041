"""The `pl.split_aiv` checks: the `for aiv_id in pl.split_aiv(2, mode=...)` loop (P-1 ... P-12) and the
`pl.aiv_shard(x)` / `pl.aic_gather(x)` transfers that cross between the cube and the vector lanes
(X-1 ... X-11, and the boundary deducers' D-* rules)."""

from __future__ import annotations

from compiler import catalog, ir
from compiler.frontend.checks.enum_args import enum_arg
from compiler.frontend.checks.spelling import expr_text
from compiler.frontend.checks.state import CheckState, WalkContext
from compiler.frontend.consts import UNKNOWN_VALUE, fold
from compiler.ops.resolve import resolve_call
from compiler.rules import boundary_deducers
from compiler.rules.parse_split_aiv import ENCLOSING_REGION, SPLIT_SCOPE
from compiler.types import UNKNOWN, ScalarType, TensorType, ValueType

SPLIT_MODES = {"NONE": 0, "UP_DOWN": 1, "LEFT_RIGHT": 2}
_SPLIT_AIV_LOOP_KWARGS = ("init_values", "chunk", "chunk_policy", "attrs", "step", "stage")


class SplitAivChecks:
    """The split_aiv loop form and the split transfers of one function."""

    def __init__(self, state: CheckState) -> None:
        self.state = state

    def loop(self, stmt: ir.For, ctx: WalkContext) -> WalkContext:
        """P-1 ... P-10: the `for aiv_id in pl.split_aiv(2, mode=...)` loop form; records the region and
        binds the lane index. Returns the context of the loop's body."""
        state = self.state
        call = stmt.iter
        ok = True
        if ctx.region_span is not None:
            state.error(
                "PTO-P1",
                stmt.header,
                related=(ENCLOSING_REGION.at(ctx.region_span.header()),),
            )
            ok = False
        if ctx.scope_split:
            state.error(
                "PTO-P2",
                stmt.header,
                related=(SPLIT_SCOPE.at(ctx.scope_span.header()),) if ctx.scope_span else (),
                mode=ctx.scope_split,
            )
            ok = False
        if not isinstance(stmt.target, ir.Name):
            state.error("PTO-P3", stmt.target.span)
            ok = False
        mode: str | None = None
        for kw in call.keywords:
            if kw.name in _SPLIT_AIV_LOOP_KWARGS:
                state.error("PTO-P4", kw.value.span, kw=kw.name)
                ok = False
            elif kw.name == "optimizations":
                state.error("PTO-P5", kw.value.span)
                ok = False
            elif kw.name == "mode":
                mode = enum_arg(state, kw.value, "SplitMode")
                if mode is None:
                    ok = False
            else:
                state.error("PTO-P9", kw.value.span, kw=kw.name)
                ok = False
        if call.star_kwargs:
            state.error("PTO-P8", call.span)
            ok = False
        if len(call.args) != 1:
            state.error("PTO-P6", call.span)
            ok = False
        else:
            n = fold(call.args[0], state.env)
            if n != 2 or isinstance(n, bool):
                shown = n if n is not UNKNOWN_VALUE else expr_text(call.args[0])
                state.error("PTO-P7", call.args[0].span, n=shown)
                ok = False
        if call.kwarg("mode") is None:
            state.error("PTO-P10", call.span)
            ok = False
        region_mode = mode or "NONE"
        if ok:
            state.record_region(stmt.span, region_mode)
        inner = ctx.child(
            region_mode=region_mode, region_span=stmt.span, loops=[*ctx.loops, "split_aiv"], in_core=True
        )
        if isinstance(stmt.target, ir.Name):
            state.define(stmt.target.id, ScalarType("INDEX"))
        return inner

    def split_transfer(self, call: ir.Call, operand: ValueType, ctx: WalkContext) -> ValueType:
        """X-1 ... X-11: `pl.aiv_shard(x)` / `pl.aic_gather(x)`, whose operand is typed `operand`."""
        state = self.state
        op = call.func.rsplit(".", 1)[-1]
        ok = True
        for kw in call.keywords:
            if kw.name == "mode":
                state.error("PTO-X1", call.span, op=op)
                ok = False
            elif kw.name not in ("split", "lane_stride"):
                state.error("PTO-X2", call.span, op=op, kw=kw.name)
                ok = False
        if not ok:
            return UNKNOWN
        if len(call.args) != 1:
            action = "shard" if op == "aiv_shard" else "gather"
            state.error("PTO-X3", call.span, op=op, action=action, n=len(call.args))
            return UNKNOWN
        if isinstance(operand, TensorType) and operand.distributed:
            state.error("PTO-X4", call.span, op=op)
            return UNKNOWN
        split_kw = call.kwarg("split")
        lane_stride = call.kwarg("lane_stride")
        attrs: dict[str, int] = {}
        if ctx.region_span is not None:
            if split_kw is not None:
                state.error("PTO-X5", call.span, op=op)
                return UNKNOWN
            if lane_stride is not None:
                state.error("PTO-X11", call.span, op=op)
                return UNKNOWN
            split = SPLIT_MODES.get(ctx.region_mode or "NONE", 0)
        elif split_kw is not None:
            if isinstance(operand, TensorType):
                state.error("PTO-X6", call.span, op=op)
                return UNKNOWN
            value = fold(split_kw, state.env)
            if not isinstance(value, int) or isinstance(value, bool):
                state.error("PTO-X7", call.span, op=op, expr=expr_text(split_kw))
                return UNKNOWN
            split = value
            if op == "aic_gather" and lane_stride is not None:
                state.error("PTO-X8", call.span)
                return UNKNOWN
            if lane_stride is not None:
                stride = fold(lane_stride, state.env)
                if not isinstance(stride, int) or isinstance(stride, bool):
                    state.error("PTO-X9", call.span, op=op, expr=expr_text(lane_stride))
                    return UNKNOWN
                attrs["lane_stride"] = stride
        else:
            state.error("PTO-X10", call.span, op=op)
            return UNKNOWN
        kind = "tensor" if isinstance(operand, TensorType) else "tile"
        resolution = resolve_call(f"pl.{kind}.{op}", [operand], {"split": split, **attrs})
        state.record_call(call.span, resolution)
        if resolution.error:
            # The boundary deducers' own rules (D-2 ... D-11) reach the user as they are; anything else in
            # the parser's function-level wrapper.
            if resolution.error.rule in boundary_deducers.BOOK.rules:
                state.report_problem(resolution.error, call.span)
            else:
                state.report_problem(
                    catalog.problem("PTO-F18", function=state.function.name, detail=resolution.error),
                    call.span,
                )
            return UNKNOWN
        return resolution.result
