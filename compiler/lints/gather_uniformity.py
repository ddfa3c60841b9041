"""PTO-H3: `pl.aic_gather` out of a mode=NONE region of a value that differs between the lanes.

Both lanes push into one slot with no arbitration, so the cube receives one of the two values. A value
differs between the lanes when it depends on the lane index: a lane-local load, a lane-dependent
scalar, or a computation guarded by a lane condition.
"""

from __future__ import annotations

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.lints.dataflow import KernelFacts
from compiler.passes.model import TOp, user_name, walk


def lint(facts: KernelFacts) -> list[Diagnostic]:
    """Report every gather of a lane-varying value out of a NONE region."""
    out: list[Diagnostic] = []
    for region, lane in facts.lane_regions:
        for node, _ in walk(region.body):
            if isinstance(node, TOp) and node.op == "tile.aic_gather" and node.result in lane:
                out.append(diagnostic("PTO-H3", node.call_span, value=_shown(node)))
    return out


def _shown(gather: TOp) -> str:
    """The user's name for the gathered value: the operand when it is a named value, else the result."""
    operand = gather.operands[0] if gather.operands else None
    if operand and not operand.startswith("_t"):
        return user_name(operand)
    return user_name(gather.result)
