"""Hazard 1 (spec 004): a once-only `pld.system.notify` in a mode=NONE region runs on both AIV lanes.

The region body runs once per lane, so an unsharded notify signals its peer twice. It is sharded when
its arguments, or a condition / loop bound around it, read the region's lane index.
"""

from __future__ import annotations

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic, Fix
from compiler.passes.model import SCALAR, Kernel, TIf, TLoop, TNode, TOp, TRegion, children, walk

NOTIFY = "pld.system.notify"


def lint(kernel: Kernel) -> list[Diagnostic]:
    """Report every unsharded notify inside a mode=NONE region of the kernel."""
    out: list[Diagnostic] = []
    for node, _ in walk(kernel.body):
        if isinstance(node, TRegion) and node.mode == "NONE" and node.lane_var:
            out.extend(_region(node))
    return out


def _region(region: TRegion) -> list[Diagnostic]:
    lane = {region.lane_var} if region.lane_var else set()
    out: list[Diagnostic] = []

    def visit(block: tuple[TNode, ...], guarded: bool) -> None:
        for node in block:
            if isinstance(node, TOp):
                reads = set(node.reads) | {o for o in node.operands if o}
                if node.op == SCALAR and node.result and reads & lane:
                    lane.add(node.result)
                elif node.op == NOTIFY and not guarded and not reads & lane:
                    fix = Fix(
                        "shard_notify_by_aiv_id",
                        node.line_span or node.call_span,
                        (("lane_var", region.lane_var or "aiv_id"),),
                    )
                    out.append(diagnostic("PTO-H1", node.call_span, fixes=(fix,)))
                continue
            inner = guarded or (isinstance(node, TIf | TLoop) and bool(set(node.reads) & lane))
            for sub in children(node):
                visit(sub, inner)

    visit(region.body, False)
    return out
