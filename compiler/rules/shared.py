"""Texts that several families share: hints (pypto-dsl-surface.md, "Hints stored in variables") and the labels
of related locations."""

from __future__ import annotations

from compiler.diagnostics import Note

H_SA = (
    "Use 'for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):' — n is the AIV sub-core count "
    "(hardware-fixed at 2); 'mode' is required (NONE = task-parallel, no halving; UP_DOWN / LEFT_RIGHT = "
    "data-parallel halving); and the loop variable binds the AIV lane index (equivalent to "
    "pl.tile.get_subblock_idx())."
)
"""The hint of every ``for ... in pl.split_aiv(...)`` loop error (P-1 ... P-10)."""

H_CROSS_CORE_SLOT = "Use pl.cross_core_slot(slot_num=4)."
"""The hint of a slot count that is not a positive integer literal."""

IN_THIS_SCOPE = Note("in this scope")
"""The scope whose options or role a diagnostic is about."""

SPLIT_AIV_REGION = Note("pl.split_aiv region ({mode})")
"""The region an op's placement or a crossing is judged by."""
