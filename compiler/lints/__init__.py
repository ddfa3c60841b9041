"""Hazard lints: patterns the compiler accepts that miscompute, race or deadlock on hardware (warnings).

One module per lint; `run` applies them to one kernel after lane assignment. PTO-H7 (the launch width of
a hard barrier) lives with the HardSyncallOccupancy verifier, which sees the launch.
"""

from __future__ import annotations

from collections.abc import Mapping

from compiler import ir
from compiler.diagnostics import Diagnostic
from compiler.lints import (
    cacheinvalid_region,
    gather_uniformity,
    gm_handoff,
    lane0_notify,
    notify_sharding,
    spmd_overlap,
    write_cache_line,
)
from compiler.lints.dataflow import KernelFacts
from compiler.passes.model import Kernel
from compiler.types import ValueType


def run(
    kernel: Kernel,
    body: tuple[ir.Stmt, ...],
    env: Mapping[str, object],
    types: Mapping[str, ValueType],
    op_sides: Mapping[int, frozenset[str]] | None,
) -> list[Diagnostic]:
    """Every hazard warning of one kernel (`op_sides`: lanes per op of a mixed kernel, else None)."""
    facts = KernelFacts(kernel, body, env)
    out = notify_sharding.lint(facts)
    out += lane0_notify.lint(facts)
    out += gather_uniformity.lint(facts)
    if op_sides is not None:
        out += gm_handoff.lint(kernel, op_sides, types)
    out += spmd_overlap.lint(facts, types)
    out += write_cache_line.lint(facts, types)
    out += cacheinvalid_region.lint(facts, types)
    return out
