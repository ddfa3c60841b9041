"""PTO-H2: a notify restricted to one lane of a mode=NONE region that releases the other lane's data.

The two AIV lanes run asynchronously. A notify under `if aiv_id == 0:` is safe only when lane 0 wrote
everything before it; a GM write earlier in the region that is sharded by the lane index, or that runs
under another lane condition, is (partly) lane 1's, and nothing orders it before the notify.
"""

from __future__ import annotations

from compiler.catalog import diagnostic
from compiler.diagnostics import Diagnostic
from compiler.lints.dataflow import (
    GM_WRITES,
    NOTIFY,
    KernelFacts,
    Placed,
    op_names,
    placed_ops,
    written_tensor,
)
from compiler.passes.model import user_name
from compiler.rules.hazards import WRITTEN_BY_BOTH_LANES
from compiler.source import Line

# Ops that order the two lanes (an event wait, a barrier, a wait on a signal).
LANE_ORDERING = frozenset({"system.sync_wait", "system.syncall", "pld.system.wait"})


def lint(facts: KernelFacts) -> list[Diagnostic]:
    """Report lane-guarded notifies that release data the other lane wrote, unordered."""
    out: list[Diagnostic] = []
    for region, lane in facts.lane_regions:
        ops = placed_ops(region.body, lane)
        for notify in (p for p in ops if p.op.op == NOTIFY and p.guards):
            writer = _other_lane_write(ops, notify, lane)
            if writer is not None:
                written = user_name(written_tensor(writer.op))
                out.append(
                    diagnostic(
                        "PTO-H2",
                        notify.op.call_span,
                        related=(WRITTEN_BY_BOTH_LANES.at(writer.op.call_span, value=written),),
                        written=written,
                        line=Line(writer.op.call_span.line),
                    )
                )
    return out


def _other_lane_write(ops: list[Placed], notify: Placed, lane: set[str]) -> Placed | None:
    """A GM write that the other lane (also) performs and that nothing orders before the notify: a sharded
    write before it, or a write under another lane condition anywhere in the region (the lanes run
    concurrently, so program order between two lanes' branches means nothing)."""
    if any(p.op.op in LANE_ORDERING for p in ops[: notify.order]):
        return None  # the author orders the lanes (an event wait or barrier) before the notify
    found: Placed | None = None
    for placed in ops:
        op = placed.op
        before = placed.order < notify.order
        if op.op not in GM_WRITES or placed.guards[: len(notify.guards)] == notify.guards:
            continue  # not a write, or one that runs only where the notify runs (the notifying lane's own)
        if placed.guards and _released_by_its_own_lane(ops, placed, notify):
            continue
        if placed.guards or (before and op_names(op) & lane):
            found = placed
    return found


def _released_by_its_own_lane(ops: list[Placed], write: Placed, notify: Placed) -> bool:
    """Another lane-guarded notify runs after the write wherever the write runs: that lane signals its
    own data (the sharded form)."""
    return any(
        other.op.op == NOTIFY
        and other is not notify
        and other.order > write.order
        and other.guards
        and write.guards[: len(other.guards)] == other.guards
        for other in ops
    )
