"""PTO-H1: a once-only `pld.system.notify` that both AIV lanes run.

A mode=NONE region body runs once per lane, and so does a dual-dispatch AIV kernel. A notify there is
sharded when its arguments, or a condition / loop bound around it, depend on the lane index.
"""

from __future__ import annotations

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.fixes import ShardNotifyByAivId
from compiler.lints.dataflow import NOTIFY, KernelFacts, dependent, is_lane_source, op_names, placed_ops
from compiler.passes.model import TNode


def lint(facts: KernelFacts) -> list[Diagnostic]:
    """Report every notify that runs on both AIV lanes unsharded."""
    out: list[Diagnostic] = []
    for region, lane in facts.lane_regions:
        out.extend(_unsharded(region.body, region.lane_var, lane))
    kernel = facts.kernel
    if kernel.func_type == "AIV" and dict(kernel.attrs).get("dual_aiv_dispatch"):
        out.extend(_unsharded(kernel.body, None, dependent(kernel.body, is_lane_source)))
    return out


def _unsharded(block: tuple[TNode, ...], lane_var: str | None, lane: set[str]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for placed in placed_ops(block, lane):
        op = placed.op
        if op.op == NOTIFY and not placed.guards and not op_names(op) & lane:
            # Without a lane variable in scope (a dual-dispatch kernel) there is no guard to write.
            fixes = (ShardNotifyByAivId(op.line_span or op.call_span, lane_var),) if lane_var else ()
            out.append(diagnostic("PTO-H1", op.call_span, fixes=fixes))
    return out
